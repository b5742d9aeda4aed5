package discordfake

import (
	"encoding/json"
	"regexp"
	"slices"
	"time"
)

// Message flags the fake understands.
const (
	FlagSuppressEmbeds        = 1 << 2
	FlagEphemeral             = 1 << 6
	FlagLoading               = 1 << 7
	FlagSuppressNotifications = 1 << 12
	FlagComponentsV2          = 1 << 15
)

// Discord message types the fake produces.
const (
	MessageDefault          = 0
	MessageReply            = 19
	MessageChatInputCommand = 20
)

// Message is a snapshot of a message of the fake world.
type Message struct {
	ID          string
	ChannelID   string
	GuildID     string
	Author      User
	Content     string
	Embeds      []Embed
	Components  []Component
	Attachments []Attachment
	Flags       int
	Type        int
	Mentions    []string // user IDs
	Timestamp   time.Time
	EditedAt    time.Time // zero if never edited
	Deleted     bool

	// Interaction answers.
	InteractionID string // set on the response and follow-ups of an interaction
	Ephemeral     bool   // only VisibleTo sees it
	VisibleTo     string
	Loading       bool // a deferred answer not yet edited

	// ThreadID is the thread started from this message, if any.
	ThreadID string
}

// Attachment is a file of a message; Data holds its bytes.
type Attachment struct {
	ID          string
	Filename    string
	ContentType string
	Description string
	Size        int
	Width       int // images only
	Height      int
	Data        []byte
}

type message struct {
	id        string
	channelID string
	guildID   string
	authorID  string
	content   string
	// embeds and components are kept as sent, to answer with the same JSON.
	embeds          []json.RawMessage
	components      []json.RawMessage
	attachments     []*Attachment
	flags           int
	typ             int
	mentions        []string
	timestamp       time.Time
	edited          time.Time
	deleted         bool
	webhookID       string
	interactionID   string
	visibleTo       string
	threadID        string
	referenceID     string
	interactionMeta map[string]any
}

func (m *message) ephemeral() bool { return m.flags&FlagEphemeral != 0 }

func (m *message) loading() bool { return m.flags&FlagLoading != 0 }

// empty tells whether the message has nothing to show, which Discord refuses.
func (m *message) empty() bool {
	return m.content == "" && len(m.embeds) == 0 && len(m.attachments) == 0 && len(m.components) == 0
}

func (s *Server) messageSnapshotLocked(m *message) Message {
	out := Message{
		ID: m.id, ChannelID: m.channelID, GuildID: m.guildID, Content: m.content,
		Flags: m.flags, Type: m.typ, Mentions: slices.Clone(m.mentions), Timestamp: m.timestamp,
		EditedAt: m.edited, Deleted: m.deleted, InteractionID: m.interactionID,
		Ephemeral: m.ephemeral(), VisibleTo: m.visibleTo, Loading: m.loading(), ThreadID: m.threadID,
	}
	if u, ok := s.users[m.authorID]; ok {
		out.Author = *u
	}
	for _, raw := range m.embeds {
		var e Embed
		if json.Unmarshal(raw, &e) == nil {
			out.Embeds = append(out.Embeds, e)
		}
	}
	out.Components = decodeComponents(m.components)
	for _, a := range m.attachments {
		c := *a
		c.Data = slices.Clone(a.Data)
		out.Attachments = append(out.Attachments, c)
	}
	return out
}

var mentionPattern = regexp.MustCompile(`<@!?([0-9]+)>`)

// parseMentionsLocked lists the known users mentioned as <@id> or <@!id>.
func (s *Server) parseMentionsLocked(content string) []string {
	var ids []string
	for _, m := range mentionPattern.FindAllStringSubmatch(content, -1) {
		if _, ok := s.users[m[1]]; ok && !slices.Contains(ids, m[1]) {
			ids = append(ids, m[1])
		}
	}
	return ids
}

// storeMessageLocked files a new message in its channel.
func (s *Server) storeMessageLocked(m *message) {
	s.messages[m.id] = m
	c := s.channels[m.channelID]
	c.messageIDs = append(c.messageIDs, m.id)
	if !m.ephemeral() {
		c.lastMessageID = m.id
		c.totalSent++
	}
}

// Messages returns the messages of a channel, thread or DM channel in the
// order they were posted, deleted ones included (see Message.Deleted).
func (s *Server) Messages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.channels[channelID]
	if !ok {
		return nil
	}
	out := make([]Message, 0, len(c.messageIDs))
	for _, id := range c.messageIDs {
		out = append(out, s.messageSnapshotLocked(s.messages[id]))
	}
	return out
}

// Message returns a snapshot of one message.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.messages[id]
	if !ok {
		return Message{}, false
	}
	return s.messageSnapshotLocked(m), true
}
