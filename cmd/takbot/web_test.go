package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeWeb runs "takbot serve" with web.listen: the game page of the
// database's game, its live stream open, and a clean stop on SIGTERM even
// with the stream open.
func TestServeWeb(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "takbot.db")
	prepareOverdueGame(t, dbPath)
	cfg := writeConfig(t, dir, fmt.Sprintf(`db: %s
log_format: json
shutdown_timeout: 5s
web:
  listen: 127.0.0.1:0
  public_url: https://tak.test
`, dbPath))
	p := startTakbot(t, "serve", "-config", cfg)
	addr := p.waitLog(t, 20*time.Second, "web pages listening", nil).str("addr")
	if started := p.waitLog(t, 5*time.Second, "takbot serving", nil); started.str("web") != addr {
		t.Errorf("startup line %v", started)
	}
	resp, err := http.Get("http://" + addr + "/g/g1")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "Game g1: <a href=\"/p/alice\">alice</a> (white)") ||
		!strings.Contains(string(body), "https://tak.test/g/g1") {
		t.Errorf("/g/g1: %d\n%s", resp.StatusCode, body)
	}
	stream, err := http.Get("http://" + addr + "/g/g1/events")
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	if line, err := bufio.NewReader(stream.Body).ReadString('\n'); err != nil || line != "retry: 2000\n" {
		t.Fatalf("stream: %q %v", line, err)
	}
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := p.exitCode(t, 10*time.Second); code != 0 {
		t.Errorf("exit %d after SIGTERM with a live stream open:\n%s", code, p.output())
	}
}

// TestWebConfigChecks: the web section's mistakes are named.
func TestWebConfigChecks(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"web: {listen: nowhere}", "web.listen"},
		{"http_listen: 127.0.0.1:8080\nweb: {listen: 127.0.0.1:8080}", "http_listen's address already"},
		{"web: {public_url: https://tak.test}", "web.listen is not"},
		{"web: {listen: 127.0.0.1:0, public_url: ftp://tak.test}", "not an http or https address"},
		{`web: {listen: 127.0.0.1:0, public_url: "https://tak.test/?x=1"}`, "no user, query or fragment"},
		{"web: {listen: 127.0.0.1:0, streams_per_client: 0}", "web.streams_per_client"},
	} {
		dir := t.TempDir()
		path := writeConfig(t, dir, "db: "+filepath.Join(dir, "t.db")+"\n"+c.yaml+"\n")
		code, out, errs := runTakbot(t, "serve", "-check", "-config", path)
		if code != exitConfig || !strings.Contains(out+errs, c.want) {
			t.Errorf("%q: exit %d, %s%s; want %q", c.yaml, code, out, errs, c.want)
		}
	}
}
