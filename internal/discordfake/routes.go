package discordfake

import "strings"

// routeTable lists the REST endpoints of the fake: those discordgo v0.29.0
// calls for commands, messages, threads, DMs, members and interactions.
func (s *Server) routeTable() []*route {
	type entry struct {
		method, pattern string
		auth            bool
		handle          func(c *call) (response, error)
	}
	const bot, open = true, false
	entries := []entry{
		{"GET", "/gateway", open, s.handleGateway},
		{"GET", "/gateway/bot", bot, s.handleGatewayBot},

		{"GET", "/applications/{application}/commands", bot, s.handleListCommands},
		{"PUT", "/applications/{application}/commands", bot, s.handleBulkOverwriteCommands},
		{"POST", "/applications/{application}/commands", bot, s.handleCreateCommand},
		{"GET", "/applications/{application}/commands/{command}", bot, s.handleGetCommand},
		{"DELETE", "/applications/{application}/commands/{command}", bot, s.handleDeleteCommand},
		{"GET", "/applications/{application}/guilds/{guild}/commands", bot, s.handleListCommands},
		{"PUT", "/applications/{application}/guilds/{guild}/commands", bot, s.handleBulkOverwriteCommands},
		{"POST", "/applications/{application}/guilds/{guild}/commands", bot, s.handleCreateCommand},
		{"GET", "/applications/{application}/guilds/{guild}/commands/{command}", bot, s.handleGetCommand},
		{"DELETE", "/applications/{application}/guilds/{guild}/commands/{command}", bot, s.handleDeleteCommand},

		{"GET", "/channels/{channel}", bot, s.handleGetChannel},
		{"PATCH", "/channels/{channel}", bot, s.handleEditChannel},
		{"POST", "/channels/{channel}/typing", bot, s.handleTyping},
		{"GET", "/channels/{channel}/messages", bot, s.handleListMessages},
		{"POST", "/channels/{channel}/messages", bot, s.handleCreateMessage},
		{"GET", "/channels/{channel}/messages/{message}", bot, s.handleGetMessage},
		{"PATCH", "/channels/{channel}/messages/{message}", bot, s.handleEditMessage},
		{"DELETE", "/channels/{channel}/messages/{message}", bot, s.handleDeleteMessage},
		{"POST", "/channels/{channel}/messages/{message}/threads", bot, s.handleStartThreadFromMessage},
		{"POST", "/channels/{channel}/threads", bot, s.handleStartThread},
		{"PUT", "/channels/{channel}/thread-members/{user}", bot, s.handleAddThreadMember},
		{"DELETE", "/channels/{channel}/thread-members/{user}", bot, s.handleRemoveThreadMember},
		{"GET", "/channels/{channel}/thread-members/{user}", bot, s.handleGetThreadMember},

		{"GET", "/guilds/{guild}", bot, s.handleGetGuild},
		{"GET", "/guilds/{guild}/channels", bot, s.handleGuildChannels},
		{"GET", "/guilds/{guild}/threads/active", bot, s.handleActiveThreads},
		{"GET", "/guilds/{guild}/members/{user}", bot, s.handleGetMember},

		{"GET", "/users/{user}", bot, s.handleGetUser},
		{"POST", "/users/@me/channels", bot, s.handleCreateDM},

		{"POST", "/interactions/{interaction}/{token}/callback", open, s.handleCallback},
		{"POST", "/webhooks/{application}/{token}", open, s.handleFollowup},
		{"GET", "/webhooks/{application}/{token}/messages/{message}", open, s.handleGetWebhookMessage},
		{"PATCH", "/webhooks/{application}/{token}/messages/{message}", open, s.handleEditWebhookMessage},
		{"DELETE", "/webhooks/{application}/{token}/messages/{message}", open, s.handleDeleteWebhookMessage},
	}
	routes := make([]*route, 0, len(entries))
	for _, e := range entries {
		routes = append(routes, &route{method: e.method, pattern: e.pattern,
			segments: strings.Split(strings.Trim(e.pattern, "/"), "/"), auth: e.auth, handle: e.handle})
	}
	return routes
}
