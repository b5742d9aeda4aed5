package discord

import (
	"encoding/json"
	"flag"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/bot"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != string(got) {
		t.Errorf("%s differs from the golden file (run with -update after checking):\n%s", name, got)
	}
}

// The slash command comes from the command table: one subcommand per
// command ("new" as "challenge"), every option with its type, choices,
// limits and a description that fits.
func TestSlashCommandsFromTable(t *testing.T) {
	cmds, err := SlashCommands()
	if err != nil {
		t.Fatal(err)
	}
	root := cmds[0]
	if n := commandChars(root); n > maxCommandChars {
		t.Errorf("%d characters", n)
	}
	subs := map[string]*discordgo.ApplicationCommandOption{}
	for _, s := range root.Options {
		subs[s.Name] = s
		if len([]rune(s.Description)) > maxDescription || s.Description == "" {
			t.Errorf("/tak %s description %q", s.Name, s.Description)
		}
		if s.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
			for _, g := range s.Options {
				subs[g.Name] = g // /tak more watch
				if !inMore[g.Name] || len([]rune(g.Description)) > maxDescription {
					t.Errorf("/tak %s %s: %q", s.Name, g.Name, g.Description)
				}
			}
		}
	}
	if len(root.Options) > maxSubcommands || subs[moreGroup] == nil {
		t.Errorf("%d subcommands under /%s, more: %v", len(root.Options), rootCommand, subs[moreGroup])
	}
	for _, c := range bot.Commands() {
		sub := subs[slashName(c.Name)]
		if sub == nil {
			t.Errorf("no subcommand for %q", c.Name)
			continue
		}
		for _, p := range c.Params {
			name := p.Name
			if !slices.ContainsFunc(sub.Options, func(o *discordgo.ApplicationCommandOption) bool { return o.Name == name }) {
				t.Errorf("/tak %s lacks option %q", sub.Name, name)
			}
		}
	}
	if subs[notifyName] == nil || subs["new"] != nil {
		t.Errorf("subcommands %v", keys(subs))
	}
	find := func(sub, opt string) *discordgo.ApplicationCommandOption {
		for _, o := range subs[sub].Options {
			if o.Name == opt {
				return o
			}
		}
		t.Fatalf("no option %s of %s", opt, sub)
		return nil
	}
	if o := find("move", "move"); !o.Autocomplete || !o.Required || o.Type != discordgo.ApplicationCommandOptionString {
		t.Errorf("move option %+v", o)
	}
	if o := find(challengeName, "size"); o.Type != discordgo.ApplicationCommandOptionInteger || *o.MinValue != 3 || o.MaxValue != 8 {
		t.Errorf("size option %+v", o)
	}
	if o := find(challengeName, "komi"); o.Type != discordgo.ApplicationCommandOptionNumber {
		t.Errorf("komi option %+v", o)
	}
	if o := find(challengeName, "color"); len(o.Choices) != 3 {
		t.Errorf("color option %+v", o)
	}
	if o := find(challengeName, opponentOption); o.Type != discordgo.ApplicationCommandOptionString || !o.Required || o.Autocomplete {
		t.Errorf("opponent option %+v", o)
	}
	if o := find("resign", gameOption); o.Required {
		t.Errorf("game option %+v", o)
	}
	raw, err := json.MarshalIndent(cmds, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "commands.golden.json", append(raw, '\n'))
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// On start the commands are registered by bulk overwrite in the
// configured guild, so that a renamed command does not linger, and the
// global commands are cleared.
func TestCommandsRegisteredOnStart(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{Setup: func(w *world) {
		s, err := discordgo.New("Bot " + w.fake.Token())
		if err != nil {
			t.Fatal(err)
		}
		s.Client = &http.Client{Transport: w.fake.Transport()}
		stale := []*discordgo.ApplicationCommand{{Name: "oldtak", Description: "a command of an older takbot"}}
		for _, g := range []string{w.guild, ""} {
			if _, err := s.ApplicationCommandBulkOverwrite(w.fake.ApplicationID(), g, stale); err != nil {
				t.Fatal(err)
			}
		}
	}})
	cmds := w.fake.Commands(w.guild)
	if len(cmds) != 1 || cmds[0].Name != rootCommand || len(cmds[0].Options) != len(bot.Commands())+2-len(inMore) {
		t.Fatalf("guild commands %+v", cmds)
	}
	if err := w.fake.Await(w.ctx, func() bool { return len(w.fake.Commands("")) == 0 }); err != nil {
		t.Errorf("global commands %+v", w.fake.Commands(""))
	}
	overwrites := 0
	for _, r := range w.fake.Requests() {
		if r.Method == http.MethodPut && r.Status == http.StatusOK {
			overwrites++
		}
		if r.Method == http.MethodPost && r.Route == "/applications/{application}/guilds/{guild}/commands" {
			t.Errorf("a command was created one by one: %+v", r)
		}
	}
	if overwrites != 4 { // two by the setup, two by the bot
		t.Errorf("%d bulk overwrites, want 4", overwrites)
	}
	w.clean()
}

// With guilds: [] the commands are registered globally, by one bulk
// overwrite, and work in the server.
func TestCommandsRegisteredGlobally(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{Global: true})
	if cmds := w.fake.Commands(w.guild); len(cmds) != 0 {
		t.Errorf("guild commands %+v", cmds)
	}
	var overwrites []string
	for _, r := range w.fake.Requests() {
		if r.Method == http.MethodPut {
			overwrites = append(overwrites, r.Route)
		}
	}
	if len(overwrites) != 1 || overwrites[0] != "/applications/{application}/commands" {
		t.Errorf("overwrites %v, want one of the global commands", overwrites)
	}
	if got := w.reply(w.slash(w.alice.ID, w.channel, "games")); !got.Ephemeral {
		t.Errorf("/tak games with global commands: %s", show(got))
	}
	w.clean()
}

// api_url moves the whole client: REST requests and the gateway the
// server announces. (Every test runs this way; this one checks the
// rewriting itself.)
func TestAPIURLRewritesEveryDiscordHost(t *testing.T) {
	var got []string
	next := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		got = append(got, r.Method+" "+r.URL.String()+" host="+r.Host)
		return &http.Response{StatusCode: http.StatusNoContent, Body: http.NoBody, Request: r}, nil
	})
	c := newHTTPClient("http://127.0.0.1:9/discord", next)
	for _, u := range []string{
		"https://discord.com/api/v9/gateway",
		"https://cdn.discordapp.com/attachments/1/2/board.png",
		"https://discordapp.com/api/v9/users/@me",
		"https://example.org/elsewhere",
	} {
		resp, err := c.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	want := []string{
		"GET http://127.0.0.1:9/discord/api/v9/gateway host=127.0.0.1:9",
		"GET http://127.0.0.1:9/discord/attachments/1/2/board.png host=127.0.0.1:9",
		"GET http://127.0.0.1:9/discord/api/v9/users/@me host=127.0.0.1:9",
		"GET https://example.org/elsewhere host=example.org",
	}
	if !slices.Equal(got, want) {
		t.Errorf("requests\n%q\nwant\n%q", got, want)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// The session's REST and gateway go to the configured server: the fake
// saw GET /gateway and an IDENTIFY with the configured token.
func TestAPIURLReachesTheFake(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	seen := false
	for _, r := range w.fake.Requests() {
		seen = seen || (r.Path == "/gateway" && r.Status == http.StatusOK)
	}
	if !seen || len(w.fake.Identifies()) != 1 {
		t.Errorf("requests %+v, identifies %+v", w.fake.Requests(), w.fake.Identifies())
	}
	if h := w.tr.Health(); !h.Connected {
		t.Errorf("health %+v", h)
	}
	w.clean()
}

// SETUP.md gives the invite link InviteURL writes, every permission the
// bot checks, and exactly the keys of the discord section of takbot's
// configuration (../config.example.yaml), with the defaults cmd/takbot
// gives them.
func TestSetupGuide(t *testing.T) {
	raw, err := os.ReadFile("SETUP.md")
	if err != nil {
		t.Fatal(err)
	}
	guide := string(raw)
	if link := InviteURL("APPLICATION_ID"); !strings.Contains(guide, link) {
		t.Errorf("SETUP.md lacks the invite link %s", link)
	}
	for _, p := range permissionNames {
		if !strings.Contains(guide, p.name) {
			t.Errorf("SETUP.md does not name %s", p.name)
		}
	}
	example, err := os.ReadFile(filepath.Join("..", "config.example.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	want := sectionKeys(string(example), "#discord:", "#  ")
	got := sectionKeys(guide, "discord:", "  ")
	if len(want) < 7 {
		t.Fatalf("config.example.yaml's discord section has keys %v", want)
	}
	want, got = append(want, "token"), append(got, "token") // token_file's other form, named in comments
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(slices.Compact(got), slices.Compact(want)) {
		t.Errorf("SETUP.md's configuration has keys %v; config.example.yaml's discord section %v", got, want)
	}
	for _, line := range []string{"api_url: https://discord.com", "message_content: true", "threads: public"} {
		if !strings.Contains(guide, line) {
			t.Errorf("SETUP.md lacks the default %q", line)
		}
	}
}

// sectionKeys lists the keys of a YAML section in text: the lines after
// the one equal to header, starting with indent and a key, until a line
// that does not start with indent.
func sectionKeys(text, header, indent string) []string {
	var keys []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		if !in {
			in = line == header
			continue
		}
		rest, ok := strings.CutPrefix(line, indent)
		if !ok {
			break
		}
		if key, _, ok := strings.Cut(rest, ":"); ok && key != "" && !strings.ContainsAny(key, " #") {
			keys = append(keys, key)
		}
	}
	return keys
}

// TestFormerGuildCommandsRemoved: a takbot that registered /tak in a
// guild and is then configured for global commands removes the guild's
// copy, so that players do not see /tak twice; the next start has nothing
// left to remove.
func TestFormerGuildCommandsRemoved(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	if err := w.fake.Await(w.ctx, func() bool { return len(w.fake.Commands(w.guild)) == 1 }); err != nil {
		t.Fatalf("guild commands at first: %+v", w.fake.Commands(w.guild))
	}
	w.stop()
	w.start(worldOptions{Global: true})
	if err := w.fake.Await(w.ctx, func() bool { return len(w.fake.Commands(w.guild)) == 0 }); err != nil {
		t.Errorf("the guild still has %d commands after the switch to global ones", len(w.fake.Commands(w.guild)))
	}
	if cmds := w.fake.Commands(""); len(cmds) != 1 {
		t.Errorf("global commands: %+v", cmds)
	}
	w.stop()
	before := len(w.fake.Requests())
	w.start(worldOptions{Global: true})
	globalPut := func() bool {
		for _, r := range w.fake.Requests()[before:] {
			if r.Method == http.MethodPut && r.Route == "/applications/{application}/commands" {
				return true
			}
		}
		return false
	}
	if err := w.fake.Await(w.ctx, globalPut); err != nil {
		t.Fatal(err)
	}
	for _, r := range w.fake.Requests()[before:] {
		if r.Method == http.MethodPut && r.Route != "/applications/{application}/commands" {
			t.Errorf("a later start overwrote %s again", r.Route)
		}
	}
	w.clean()
}
