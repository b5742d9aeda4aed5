package main

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	cmdtable "github.com/takbymail/takbot/command"
)

// fakeEnv is an environment for ${VAR} expansion.
func fakeEnv(vars map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		v, ok := vars[name]
		return v, ok
	}
}

// problemOf is what a test expects of one problem.
type problemOf struct {
	line       int
	key        string
	kind       problemKind
	suggestion string
}

// load decodes and checks text as a configuration file for serve.
func load(t *testing.T, text string, vars map[string]string) (config, []*configProblem) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "takbot.yaml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := loadConfig(path, decodeOptions{lookupEnv: fakeEnv(vars), readSecrets: true})
	if err == nil {
		return cfg, nil
	}
	var ce *configError
	if !errors.As(err, &ce) {
		t.Fatalf("loadConfig: %v is not a *configError", err)
	}
	return cfg, ce.Problems
}

func TestConfigProblems(t *testing.T) {
	dir := t.TempDir()
	secretFile := filepath.Join(dir, "imap-password")
	if err := os.WriteFile(secretFile, []byte("s3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{"SECRETS": dir, "DB": "/var/lib/takbot/takbot.db"}
	const mail = "email:\n  address: bot@example.org\n  imap:\n    host: imap.example.org\n    username: u\n    password: p\n  smtp:\n    host: smtp.example.org\n"
	for _, tc := range []struct {
		name string
		text string
		want []problemOf
	}{
		{"unknown key with a suggestion", "db: t.db\n\n\n\n\n\ntick_intreval: 5m\n",
			[]problemOf{{7, "tick_intreval", problemUnknownKey, "tick_interval"}}},
		{"unknown key in upper case", "TICK_INTERVAL: 5m\n",
			[]problemOf{{1, "TICK_INTERVAL", problemUnknownKey, "tick_interval"}}},
		{"unknown key far from any", "colour: blue\n",
			[]problemOf{{1, "colour", problemUnknownKey, ""}}},
		{"unknown nested key", "delivery:\n  concurrence: 3\n",
			[]problemOf{{2, "delivery.concurrence", problemUnknownKey, "delivery.concurrency"}}},
		{"unknown key in a section", mail + "  smtp_host: x\n",
			[]problemOf{{9, "email.smtp_host", problemUnknownKey, ""}}},
		{"key given twice", "db: a.db\ndb: b.db\n",
			[]problemOf{{2, "db", problemDuplicateKey, ""}}},
		{"not a number", "days_per_move: three\n",
			[]problemOf{{1, "days_per_move", problemBadValue, ""}}},
		{"not a duration", "tick_interval: soon\n",
			[]problemOf{{1, "tick_interval", problemBadValue, ""}}},
		{"not a boolean", "email:\n  address: bot@example.org\n  imap:\n    host: h\n    username: u\n    password: p\n    allow_insecure: maybe\n  smtp:\n    host: s\n",
			[]problemOf{{7, "email.imap.allow_insecure", problemBadValue, ""}}},
		{"a section given twice", mail + "  smtp:\n    host: s\n",
			[]problemOf{{9, "email.smtp", problemDuplicateKey, ""}}},
		{"a mapping where a value goes", "db:\n  path: x\n",
			[]problemOf{{2, "db", problemBadValue, ""}}},
		{"a value where a mapping goes", "delivery: 3\n",
			[]problemOf{{1, "delivery", problemSyntax, ""}}},
		{"not a list", "discord:\n  token: t\n  application_id: \"1\"\n  guilds: 5\n",
			[]problemOf{{4, "discord.guilds", problemBadValue, ""}}},
		{"a word out of its set", "log_format: xml\nlog_level: loud\n",
			[]problemOf{{1, "log_format", problemBadValue, ""}, {2, "log_level", problemBadValue, ""}}},
		{"out of range", "days_per_move: 0\nreminder_fraction: 1.5\nchallenge_days: 0\ndelivery:\n  min_backoff: 2h\n",
			[]problemOf{{1, "days_per_move", problemBadValue, ""}, {2, "reminder_fraction", problemBadValue, ""},
				{3, "challenge_days", problemBadValue, ""}, {4, "delivery.max_backoff", problemBadValue, ""}}},
		{"limits out of range", "limits:\n  open_challenges: 0\n  commands_per_message: 51\n  messages_per_hour: -1\n",
			[]problemOf{{2, "limits.open_challenges", problemBadValue, ""}, {3, "limits.commands_per_message", problemBadValue, ""},
				{4, "limits.messages_per_hour", problemBadValue, ""}}},
		{"bad listen address", "http_listen: localhost\n",
			[]problemOf{{1, "http_listen", problemBadValue, ""}}},
		{"http limits out of range", "http:\n  read_timeout: 0s\n  idle_timeout: -1s\n  max_connections: 0\n",
			[]problemOf{{2, "http.read_timeout", problemBadValue, ""}, {3, "http.idle_timeout", problemBadValue, ""},
				{4, "http.max_connections", problemBadValue, ""}}},
		{"too many http connections", "http:\n  max_connections: 100000\n",
			[]problemOf{{2, "http.max_connections", problemBadValue, ""}}},
		{"http per-client cap and header timeout out of range", "http:\n  header_timeout: 0s\n  max_connections_per_client: 0\n",
			[]problemOf{{2, "http.header_timeout", problemBadValue, ""}, {3, "http.max_connections_per_client", problemBadValue, ""}}},
		{"unset variable", "db: ${NOPE}/takbot.db\n",
			[]problemOf{{1, "db", problemUnsetVariable, ""}}},
		{"unclosed reference", "db: ${DB\n",
			[]problemOf{{1, "db", problemBadValue, ""}}},
		{"missing keys of email", "email:\n  name: bot\n",
			[]problemOf{{1, "email.address", problemMissingKey, ""}, {1, "email.imap.host", problemMissingKey, ""}, {1, "email.imap.username", problemMissingKey, ""}, {1, "email.imap.password", problemMissingKey, ""}, {1, "email.smtp.host", problemMissingKey, ""}}},
		{"empty email section", "email:\n",
			[]problemOf{{1, "email.address", problemMissingKey, ""}, {1, "email.imap.host", problemMissingKey, ""}, {1, "email.imap.username", problemMissingKey, ""}, {1, "email.imap.password", problemMissingKey, ""}, {1, "email.smtp.host", problemMissingKey, ""}}},
		{"missing keys of discord", "log_level: info\ndiscord:\n  threads: private\n",
			[]problemOf{{2, "discord.token", problemMissingKey, ""}, {2, "discord.application_id", problemMissingKey, ""}}},
		{"bad discord values", "discord:\n  token: t\n  application_id: abc\n  guilds: [\"12\", x]\n  threads: secret\n  api_url: ftp://x\n",
			[]problemOf{{3, "discord.application_id", problemBadValue, ""}, {4, "discord.guilds", problemBadValue, ""},
				{5, "discord.threads", problemBadValue, ""}, {6, "discord.api_url", problemBadValue, ""}}},
		{"a section inside another", mail + "  discord: 1\n",
			[]problemOf{{9, "email.discord", problemUnknownKey, ""}}},
		{"password and password_file", "email:\n  address: bot@example.org\n  imap:\n    host: h\n    username: u\n    password: p\n    password_file: ${SECRETS}/imap-password\n  smtp:\n    host: s\n",
			[]problemOf{{7, "email.imap.password_file", problemBothForms, ""}}},
		{"unreadable secret file", "discord:\n  token_file: ${SECRETS}/missing\n  application_id: \"1\"\n",
			[]problemOf{{2, "discord.token_file", problemSecretFile, ""}}},
		{"username without password", "email:\n  address: bot@example.org\n  imap:\n    host: h\n    username: u\n  smtp:\n    host: s\n",
			[]problemOf{{3, "email.imap.password", problemMissingKey, ""}}},
		{"security none across the network", "email:\n  address: bot@example.org\n  imap:\n    host: imap.example.org\n    security: none\n    username: u\n    password: p\n  smtp:\n    host: 192.0.2.7\n    security: none\n",
			[]problemOf{{5, "email.imap.security", problemInsecure, ""}, {10, "email.smtp.security", problemInsecure, ""}}},
		{"not an address", "email:\n  address: Bot <bot@example.org>\n  imap: {host: h, username: u, password: p}\n  smtp: {host: s}\n",
			[]problemOf{{2, "email.address", problemBadValue, ""}}},
		{"two documents", "db: a.db\n---\ndb: b.db\n",
			[]problemOf{{2, "", problemSyntax, ""}}},
		{"not YAML", "db: [a\n",
			[]problemOf{{1, "", problemSyntax, ""}}},
		{"${VAR} unquoted in a flow mapping", "email:\n  imap: {host: h, username: u,\n         password_file: ${CREDENTIALS_DIRECTORY}/imap-password, mailbox: INBOX}\n",
			[]problemOf{{3, "", problemSyntax, ""}}},
		{"a list at the top", "- db\n",
			[]problemOf{{1, "", problemSyntax, ""}}},
		{"every problem, in line order", "tick_intreval: 1m\ndays_per_move: x\nemail:\n  adress: a@b.c\n",
			[]problemOf{{1, "tick_intreval", problemUnknownKey, "tick_interval"}, {2, "days_per_move", problemBadValue, ""},
				{3, "email.address", problemMissingKey, ""}, {3, "email.imap.host", problemMissingKey, ""}, {3, "email.imap.username", problemMissingKey, ""}, {3, "email.imap.password", problemMissingKey, ""}, {3, "email.smtp.host", problemMissingKey, ""},
				{4, "email.adress", problemUnknownKey, "email.address"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, problems := load(t, tc.text, vars)
			var got []problemOf
			for _, p := range problems {
				got = append(got, problemOf{p.Line, p.Key, p.Kind, p.Suggestion})
				if p.Error() == "" {
					t.Errorf("problem %+v has no message", p)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("problems:\n%v\nwant:\n%v\nmessages:\n%s", got, tc.want, messages(problems))
			}
		})
	}
}

func messages(ps []*configProblem) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.Error() + "\n")
	}
	return b.String()
}

// TestConfigProblemMessages: the messages name the key, its line, the
// suggestion, the variable or the file.
func TestConfigProblemMessages(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"db: t.db\n\n\n\n\n\ntick_intreval: 1m\n", "line 7: unknown key tick_intreval (did you mean tick_interval?)"},
		{"days_per_move: three\n", `line 1: days_per_move: "three" is not a whole number`},
		{"db: ${TAKBOT_DIR}/t.db\n", "line 1: db: environment variable TAKBOT_DIR is not set"},
		{"discord:\n  token_file: /nonexistent/token\n  application_id: \"1\"\n", "line 2: discord.token_file: read the secret: open /nonexistent/token: no such file or directory"},
		{"email:\n  address: a@b.c\n", "line 1: missing required key email.imap.host"},
		{"db: a\ndb: b\n", "line 2: key db is given twice"},
	} {
		_, problems := load(t, tc.text, nil)
		if got := messages(problems); !strings.Contains(got, tc.want) {
			t.Errorf("%q: messages\n%s\nlack %q", tc.text, got, tc.want)
		}
	}
}

func TestConfigValues(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "token"), []byte("tok-en\r\n\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "smtp"), []byte("pa$$word"), 0o600)
	text := `db: ${STATE}/takbot.db
retention: 30d
tick_interval: 1d12h
shutdown_timeout: 1s
http_listen: "[::1]:0"
log_format: json
images_dir: cost$$5 and $HOME
email:
  address: bot@example.org
  imap:
    host: 127.0.0.1
    security: none
    username: bot
    password: "${IMAP_PASSWORD}"
  smtp:
    host: smtp.example.org
    security: starttls
    username: bot
    password_file: ${STATE}/smtp
discord:
  token_file: ${STATE}/token
  application_id: "42"
  guilds: ["1", "2"]
  message_content: false
`
	cfg, problems := load(t, text, map[string]string{"STATE": dir, "IMAP_PASSWORD": "p@ss"})
	if len(problems) > 0 {
		t.Fatalf("problems:\n%s", messages(problems))
	}
	want := defaultConfig()
	want.DB = dir + "/takbot.db"
	want.Retention = duration(30 * day)
	want.TickInterval = duration(36 * time.Hour)
	want.ShutdownTimeout = duration(time.Second)
	want.HTTPListen = "[::1]:0"
	want.LogFormat = "json"
	want.ImagesDir = "cost$5 and $HOME"
	want.Email = &emailConfig{}
	want.Email.setDefaults()
	want.Email.Address = "bot@example.org"
	want.Email.IMAP.Host, want.Email.IMAP.Port, want.Email.IMAP.Security = "127.0.0.1", 143, "none"
	want.Email.IMAP.Username, want.Email.IMAP.Password = "bot", secret{Value: "p@ss"}
	want.Email.SMTP.Host, want.Email.SMTP.Port, want.Email.SMTP.Security = "smtp.example.org", 587, "starttls"
	want.Email.SMTP.Username, want.Email.SMTP.Password = "bot", secret{Value: "pa$$word", File: dir + "/smtp"}
	want.Discord = &discordConfig{}
	want.Discord.setDefaults()
	want.Discord.Token = secret{Value: "tok-en", File: dir + "/token"}
	want.Discord.ApplicationID, want.Discord.Guilds, want.Discord.MessageContent = "42", []string{"1", "2"}, false
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("config:\n%+v\nwant:\n%+v\nemail %+v\nwant %+v\ndiscord %+v\nwant %+v", cfg, want, cfg.Email, want.Email, cfg.Discord, want.Discord)
	}
	if s := cfg.Discord.Token.String(); strings.Contains(s, "tok-en") {
		t.Errorf("a secret prints itself: %s", s)
	}
}

// TestConfigSecretsNotRead: commands that need no secret (backup, export)
// load a file whose secret files and variables they cannot read.
func TestConfigSecretsNotRead(t *testing.T) {
	text := "discord:\n  token_file: ${CREDENTIALS_DIRECTORY}/token\n  application_id: \"1\"\n" +
		"email:\n  address: a@b.c\n  imap:\n    host: h\n    username: u\n    password: ${IMAP_PASSWORD}\n  smtp:\n    host: s\n"
	cfg, _, problems := decodeConfig([]byte(text), decodeOptions{})
	if len(problems) > 0 {
		t.Fatalf("problems:\n%s", messages(problems))
	}
	if cfg.Discord.Token.Value != "" || !cfg.Discord.Token.given() || !cfg.Email.IMAP.Password.given() {
		t.Errorf("token %+v, password %+v", cfg.Discord.Token, cfg.Email.IMAP.Password)
	}
}

func TestParseDuration(t *testing.T) {
	for _, tc := range []struct {
		text string
		want time.Duration
		ok   bool
	}{
		{"90d", 90 * day, true}, {"1d12h", 36 * time.Hour, true}, {"0d", 0, true}, {"30s", 30 * time.Second, true},
		{"1h30m", 90 * time.Minute, true}, {"0", 0, true}, {" 7d ", 7 * day, true},
		{"", 0, false}, {"d", 0, false}, {"1.5d", 0, false}, {"-1d", 0, false}, {"1d-1h", 0, false},
		{"5 minutes", 0, false}, {"1h2d", 0, false}, {"99999999d", 0, false},
	} {
		got, err := parseDuration(tc.text)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("parseDuration(%q) = %v, %v; want %v, ok %v", tc.text, got, err, tc.want, tc.ok)
		}
		if err != nil && !errors.Is(err, errBadDuration) {
			t.Errorf("parseDuration(%q): %v does not wrap errBadDuration", tc.text, err)
		}
	}
	for d, want := range map[duration]string{
		duration(90 * day): "90d", duration(time.Minute): "1m", duration(36 * time.Hour): "36h", duration(90 * time.Second): "1m30s",
		duration(time.Hour + time.Second): "1h0m1s", duration(500 * time.Millisecond): "500ms", 0: "0s", duration(10 * time.Second): "10s",
	} {
		if d.String() != want {
			t.Errorf("%d prints %q, want %q", d, d.String(), want)
		}
	}
}

func TestExpandVariables(t *testing.T) {
	env := fakeEnv(map[string]string{"A": "x", "EMPTY": "", "B_2": "y"})
	for _, tc := range []struct {
		in, want string
		unset    string // the unset variable named by the error
		bad      bool   // a malformed reference
	}{
		{in: "plain", want: "plain"},
		{in: "${A}", want: "x"},
		{in: "<${A}${B_2}>", want: "<xy>"},
		{in: "${EMPTY}", want: ""},
		{in: "$$", want: "$"},
		{in: "$${A}", want: "${A}"},
		{in: "$$$${A}", want: "$${A}"},
		{in: "$$${A}", want: "$x"},
		{in: "a $ b $", want: "a $ b $"},
		{in: "$A", want: "$A"},
		{in: "${NOPE}", unset: "NOPE"},
		{in: "${A", bad: true},
		{in: "${}", bad: true},
		{in: "${1A}", bad: true},
		{in: "${A-b}", bad: true},
	} {
		got, err := expandVariables(tc.in, env)
		var unset *unsetVariableError
		switch {
		case tc.unset != "":
			if !errors.As(err, &unset) || unset.Name != tc.unset {
				t.Errorf("%q: error %v, want unset %s", tc.in, err, tc.unset)
			}
		case tc.bad:
			if !errors.Is(err, errBadReference) {
				t.Errorf("%q: error %v, want errBadReference", tc.in, err)
			}
		case err != nil || got != tc.want:
			t.Errorf("%q = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestNearestKey(t *testing.T) {
	keys := []string{"db", "days_per_move", "tick_interval", "log_level", "log_format", "retention"}
	for in, want := range map[string]string{
		"tick_intreval": "tick_interval", "log-level": "log_level", "DB": "db", "dv": "db",
		"retension": "retention", "log_formats": "log_format", "colour": "", "x": "db", "": "db",
	} {
		if got := nearestKey(in, keys); got != want {
			t.Errorf("nearestKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLimitsReachTheReferee: the limits section becomes the referee's
// quotas, with its defaults when absent.
func TestLimitsReachTheReferee(t *testing.T) {
	for _, c := range []struct {
		name, yaml string
		want       bot.Quotas
	}{
		{"defaults", "", bot.Quotas{OpenChallenges: 5, ChallengesTo: 20, CommandsPerMessage: 20, MessagesPerHour: 60, AnalysesPerHour: 10}},
		{"set", "limits:\n  open_challenges: 2\n  challenges_to_player: 3\n  commands_per_message: 4\n  messages_per_hour: 5\n  analyses_per_hour: 6\n",
			bot.Quotas{OpenChallenges: 2, ChallengesTo: 3, CommandsPerMessage: 4, MessagesPerHour: 5, AnalysesPerHour: 6}},
	} {
		cfg, _, problems := decodeConfig([]byte(c.yaml), decodeOptions{})
		if len(problems) > 0 {
			t.Fatalf("%s: %v", c.name, problems)
		}
		if got := refereeOptions(cfg, nil).Quotas; got != c.want {
			t.Errorf("%s: quotas %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestDiscordStatesConfiguredLimits: the Discord transport's slash
// commands state the days_per_move and limits.events_per_organiser the
// referee is given, the defaults when absent.
func TestDiscordStatesConfiguredLimits(t *testing.T) {
	for _, c := range []struct {
		yaml string
		want cmdtable.Limits
	}{
		{"", cmdtable.DefaultLimits()},
		{"days_per_move: 7\n", cmdtable.Limits{DaysPerMove: 7, EventsPerOrganiser: cmdtable.DefaultEventsPerOrganiser}},
		{"days_per_move: 7\nlimits:\n  events_per_organiser: 5\n", cmdtable.Limits{DaysPerMove: 7, EventsPerOrganiser: 5}},
	} {
		cfg, _, problems := decodeConfig([]byte(c.yaml), decodeOptions{})
		if len(problems) > 0 {
			t.Fatalf("%q: %v", c.yaml, problems)
		}
		got := discordOptions(&cfg, nil).Limits
		if got != c.want {
			t.Errorf("%q: discord limits %+v, want %+v", c.yaml, got, c.want)
		}
		if ro := refereeOptions(cfg, nil); got.DaysPerMove != ro.DefaultDays || got.EventsPerOrganiser != ro.EventsPerOrganiser {
			t.Errorf("%q: discord limits %+v, the referee's days %d, events per organiser %d", c.yaml, got, ro.DefaultDays, ro.EventsPerOrganiser)
		}
	}
}

// TestEventsPerOrganiser: limits.events_per_organiser reaches the
// referee, 2 when absent, and "serve -check" refuses it out of 1 to 100.
func TestEventsPerOrganiser(t *testing.T) {
	for _, c := range []struct {
		yaml string
		want int
	}{{"", 2}, {"limits:\n  events_per_organiser: 7\n", 7}} {
		cfg, _, problems := decodeConfig([]byte(c.yaml), decodeOptions{})
		if len(problems) > 0 {
			t.Fatalf("%q: %v", c.yaml, problems)
		}
		if got := refereeOptions(cfg, nil).EventsPerOrganiser; got != c.want {
			t.Errorf("%q: events per organiser %d, want %d", c.yaml, got, c.want)
		}
	}
	for _, bad := range []string{"0", "101", "-1"} {
		_, problems := load(t, "limits:\n  events_per_organiser: "+bad+"\n", nil)
		if len(problems) != 1 || problems[0].Key != "limits.events_per_organiser" || problems[0].Kind != problemBadValue {
			t.Errorf("events_per_organiser %s: problems %v", bad, problems)
		}
	}
}
