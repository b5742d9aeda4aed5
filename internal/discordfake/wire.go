package discordfake

import (
	"encoding/json"
	"time"
)

// The JSON shapes of Discord's objects, as the API sends them
// (https://discord.com/developers/docs/resources).

func timestamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000+00:00") }

func nullableTimestamp(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return timestamp(t)
}

func nullableString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func userJSON(u *User) map[string]any {
	out := map[string]any{
		"id": u.ID, "username": u.Username, "global_name": nullableString(u.GlobalName),
		"discriminator": "0", "avatar": nil, "public_flags": 0, "flags": 0,
		"banner": nil, "accent_color": nil, "avatar_decoration_data": nil,
	}
	if u.Bot {
		out["bot"] = true
	}
	return out
}

// memberJSON is a guild member; withUser adds the user object, which
// partial members (in messages) leave out.
func (s *Server) memberJSON(m *Member, withUser bool) map[string]any {
	out := map[string]any{
		"nick": nullableString(m.Nick), "avatar": nil, "roles": []string{},
		"joined_at": timestamp(m.JoinedAt), "premium_since": nil, "deaf": false, "mute": false,
		"flags": 0, "pending": false, "communication_disabled_until": nil, "banner": nil,
	}
	if withUser {
		out["user"] = userJSON(s.users[m.UserID])
	}
	return out
}

func (s *Server) channelJSON(c *channel) map[string]any {
	out := map[string]any{
		"id": c.id, "type": c.typ, "last_message_id": nullableString(c.lastMessageID), "flags": 0,
	}
	switch {
	case c.typ == ChannelDM:
		out["recipients"] = []any{userJSON(s.users[c.recipientID])}
	case c.isThread():
		out["guild_id"] = c.guildID
		out["name"] = c.name
		out["parent_id"] = c.parentID
		out["owner_id"] = c.ownerID
		out["rate_limit_per_user"] = 0
		out["member_count"] = min(len(c.threadMemberIDs), 50)
		out["message_count"] = c.totalSent
		out["total_message_sent"] = c.totalSent
		meta := map[string]any{
			"archived": c.archived, "auto_archive_duration": c.autoArchive,
			"archive_timestamp": timestamp(c.archiveTimestamp), "locked": c.locked,
			"create_timestamp": timestamp(c.createdAt),
		}
		if c.typ == ChannelPrivateThread {
			meta["invitable"] = c.invitable
		}
		out["thread_metadata"] = meta
		if joined, ok := c.threadMembers[s.bot.ID]; ok {
			out["member"] = map[string]any{"id": c.id, "user_id": s.bot.ID, "join_timestamp": timestamp(joined), "flags": 1}
		}
	default:
		out["guild_id"] = c.guildID
		out["name"] = c.name
		out["position"] = c.position
		out["topic"] = nil
		out["nsfw"] = false
		out["parent_id"] = nil
		out["rate_limit_per_user"] = 0
		out["last_pin_timestamp"] = nil
		overwrites := []any{}
		if c.allow != 0 || c.deny != 0 {
			overwrites = append(overwrites, map[string]any{
				"id": s.bot.ID, "type": 1, "allow": c.allow.String(), "deny": c.deny.String(),
			})
		}
		out["permission_overwrites"] = overwrites
	}
	return out
}

// threadMemberJSON is a thread member object.
func threadMemberJSON(threadID, userID string, joined time.Time) map[string]any {
	return map[string]any{"id": threadID, "user_id": userID, "join_timestamp": timestamp(joined), "flags": 0}
}

func attachmentJSON(channelID string, a *Attachment) map[string]any {
	url := "https://cdn.discordapp.com/attachments/" + channelID + "/" + a.ID + "/" + a.Filename
	out := map[string]any{
		"id": a.ID, "filename": a.Filename, "size": a.Size, "url": url, "proxy_url": url,
		"content_type": a.ContentType,
	}
	if a.Description != "" {
		out["description"] = a.Description
	}
	if a.Width > 0 {
		out["width"], out["height"] = a.Width, a.Height
	}
	return out
}

// messageJSON is a message as the API returns it.
func (s *Server) messageJSON(m *message) map[string]any {
	author := s.users[m.authorID]
	mentions := []any{}
	for _, id := range m.mentions {
		u := userJSON(s.users[id])
		if g, ok := s.guilds[m.guildID]; ok {
			if member, ok := g.members[id]; ok {
				u["member"] = s.memberJSON(member, false)
			}
		}
		mentions = append(mentions, u)
	}
	attachments := []any{}
	for _, a := range m.attachments {
		attachments = append(attachments, attachmentJSON(m.channelID, a))
	}
	out := map[string]any{
		"id": m.id, "channel_id": m.channelID, "author": userJSON(author), "content": m.content,
		"timestamp": timestamp(m.timestamp), "edited_timestamp": nullableTimestamp(m.edited),
		"tts": false, "mention_everyone": false, "mentions": mentions, "mention_roles": []string{},
		"attachments": attachments, "embeds": rawList(m.embeds), "components": rawList(m.components),
		"pinned": false, "type": m.typ, "flags": m.flags,
	}
	if m.guildID != "" {
		out["guild_id"] = m.guildID
		if g, ok := s.guilds[m.guildID]; ok && m.webhookID == "" {
			if member, ok := g.members[m.authorID]; ok {
				out["member"] = s.memberJSON(member, false)
			}
		}
	}
	if m.webhookID != "" {
		out["webhook_id"] = m.webhookID
		out["application_id"] = s.appID
	}
	if m.interactionMeta != nil {
		out["interaction_metadata"] = m.interactionMeta
	}
	if m.referenceID != "" {
		ref := map[string]any{"type": 0, "message_id": m.referenceID, "channel_id": m.channelID}
		if m.guildID != "" {
			ref["guild_id"] = m.guildID
		}
		out["message_reference"] = ref
	}
	if m.threadID != "" {
		if t, ok := s.channels[m.threadID]; ok {
			out["thread"] = s.channelJSON(t)
		}
	}
	return out
}

func rawList(raw []json.RawMessage) []json.RawMessage {
	if raw == nil {
		return []json.RawMessage{}
	}
	return raw
}

// guildCreateJSON is the GUILD_CREATE payload: the guild with its
// channels, active threads and members.
func (s *Server) guildCreateJSON(g *guild) map[string]any {
	channels := []any{}
	for _, id := range g.channelIDs {
		channels = append(channels, s.channelJSON(s.channels[id]))
	}
	threads := []any{}
	for _, id := range s.threadIDs {
		t := s.channels[id]
		if t.guildID == g.id && !t.archived {
			threads = append(threads, s.channelJSON(t))
		}
	}
	members := []any{}
	for _, id := range g.memberIDs {
		members = append(members, s.memberJSON(g.members[id], true))
	}
	everyone := map[string]any{
		"id": g.id, "name": "@everyone", "permissions": defaultPermissions.String(), "position": 0,
		"color": 0, "hoist": false, "managed": false, "mentionable": false, "flags": 0, "icon": nil,
		"unicode_emoji": nil, "description": nil,
	}
	bot := g.members[s.bot.ID]
	return map[string]any{
		"id": g.id, "name": g.name, "icon": nil, "splash": nil, "discovery_splash": nil, "banner": nil,
		"owner_id": g.ownerID, "afk_channel_id": nil, "afk_timeout": 300, "verification_level": 0,
		"default_message_notifications": 1, "explicit_content_filter": 0, "roles": []any{everyone},
		"emojis": []any{}, "stickers": []any{}, "features": []string{}, "mfa_level": 0,
		"application_id": nil, "system_channel_id": nil, "system_channel_flags": 0,
		"rules_channel_id": nil, "vanity_url_code": nil, "description": nil, "premium_tier": 0,
		"premium_subscription_count": 0, "preferred_locale": "en-US", "public_updates_channel_id": nil,
		"nsfw_level": 0, "premium_progress_bar_enabled": false,
		"joined_at": timestamp(bot.JoinedAt), "large": false, "unavailable": false,
		"member_count": len(g.memberIDs), "voice_states": []any{}, "members": members,
		"channels": channels, "threads": threads, "presences": []any{}, "stage_instances": []any{},
		"guild_scheduled_events": []any{}, "soundboard_sounds": []any{},
	}
}
