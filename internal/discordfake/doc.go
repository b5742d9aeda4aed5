// Package discordfake is a fake Discord for tests: the REST API v9 and the
// gateway websocket on 127.0.0.1, spoken to by discordgo itself (in-process,
// or in a `takbot serve` subprocess), checking what the real API requires
// so that a bot breaking a rule fails its test.
//
// # Starting it
//
//	fake, err := discordfake.Start(discordfake.Options{})
//	defer fake.Close()
//	guild := fake.AddGuild("Tak Club")
//	games, _ := fake.AddTextChannel(guild, "games")
//	alice := fake.AddUser(discordfake.User{Username: "alice", GlobalName: "Alice"})
//	_ = fake.AddMember(guild, alice.ID, "Al")
//
// Build the world before the bot connects: READY and GUILD_CREATE carry it
// (later additions are sent as GUILD_CREATE, CHANNEL_CREATE and
// GUILD_MEMBER_ADD events).
//
// # Pointing a bot at it
//
// In process, give discordgo the fake's transport; GET /gateway then
// announces the fake's websocket and Session.Open connects to it:
//
//	s, _ := discordgo.New("Bot " + fake.Token())
//	s.Client = &http.Client{Transport: fake.Transport()}
//	err := s.Open()
//
// A subprocess gets fake.BotConfig(): the API URL, token and application
// ID. The adapter honours a configured api_url by giving its
// discordgo.Session a Client whose RoundTripper rewrites the scheme and host
// of every request for discord.com (and cdn.discordapp.com, if it downloads
// attachments) to those of api_url, keeping the path (/api/v9/...).
// Changing discordgo's Endpoint* variables is not enough: they are computed
// once at init. Nothing else is needed for the gateway: Session.Open asks
// GET /api/v9/gateway for its URL, and the fake answers with its own
// ws://127.0.0.1:PORT/gw (discordgo appends "/?v=9&encoding=json").
//
// # Driving it
//
// Tests act as users: Slash, Autocomplete, Click, Select and SubmitModal
// send interactions and return an *Interaction whose Callback, Reply,
// Followups, Choices and Modal methods wait for the bot's answer; Say posts
// a message (MESSAGE_CREATE). Messages, Message, Threads, Channel,
// Commands, Sessions and Requests show the world, and Await, WaitMessage
// and WaitReady wait for it to change. Every wait takes a context and ends
// on a change of state, never on a timer. DropGateway and
// InvalidateSession exercise RESUME and INVALID_SESSION; Fail429 injects
// rate limits; Deny, SetRefusesDMs, ArchiveThread and LockThread set up
// refusals.
//
// # Rules checked
//
// Violations (and AssertClean) list every rule the bot broke, each a
// *Violation of a ViolationKind: a first interaction answer more than 3 s
// after delivery (on Options.Clock), a second answer, a follow-up after 15
// minutes or before any answer, a wrong answer type, content over 2000
// characters, an empty message, more than 10 embeds or embed limits,
// components outside Discord's layout (5 rows, 5 buttons a row, custom IDs
// of at most 100 characters, unique), invalid command definitions, a bad
// multipart attachment form, a write to an archived thread, a retry before
// retry_after, requests beyond the announced rate limit, the same failing
// request more than three times in a row, a missing bot token, a missing
// "DiscordBot" User-Agent, an endpoint the fake does not implement, and
// gateway protocol errors. Answers are those of Discord, with its JSON
// error shape ({"code", "message", "errors"}), so the bot sees the failure
// it would see in production (403 code 50013 for a missing permission, 403
// code 50007 for a DM to a user who refuses DMs, 400 code 50083 in an
// archived thread).
//
// # Where the fake is stricter or simpler than Discord
//
//   - A bot message to an archived thread is refused with 50083 unless
//     Options.AutoUnarchiveOnSend; Discord's thread documentation says such
//     a message unarchives an unlocked thread, so a bot that unarchives
//     first works on both.
//   - Multipart bodies may hold only payload_json and files[n] parts; a file
//     left out of a given attachments array is reported (Discord drops it).
//   - Components v2, polls, stickers, roles beyond @everyone, voice and
//     sharding are not modelled; the fake answers frames as plain JSON text.
//   - Rate limits are one fixed window per client and path
//     (Options.RateLimit), measured on the real clock; Discord's buckets
//     (per route and major parameter, shared across routes) are not
//     modelled.
//   - Error codes inside "errors" ("_errors": [{"code": ...}]) are
//     approximations of Discord's.
package discordfake
