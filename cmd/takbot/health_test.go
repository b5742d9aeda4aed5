package main

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// TestHealthCommand: "takbot health" exits 0 when the endpoint answers
// 200 (/livez, /readyz of a server whose transport is connected), 1 for
// another status or no listener; the server's /metrics carries
// takbot_build_info and takbot_transport_connected.
func TestHealthCommand(t *testing.T) {
	s := launchHTTP(t, defaultHTTPConfig())
	base := "http://" + s.httpAddr
	for _, tc := range []struct {
		url  string
		code int
		out  string
	}{
		{base + "/livez", 0, base + `/livez 200 OK {  "alive": true}`},
		{base + "/readyz", 0, base + `/readyz 200 OK {  "ready": true}`},
		{base + "/nowhere", 1, base + "/nowhere 404 Not Found 404 page not found"},
	} {
		code, out, errs := runCmd(t, "health", "-url", tc.url)
		if code != tc.code || strings.TrimSpace(out) != tc.out {
			t.Errorf("health -url %s: exit %d, stdout %q, stderr %q; want %d, %q", tc.url, code, out, errs, tc.code, tc.out)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/livez"
	ln.Close()
	if code, _, errs := runCmd(t, "health", "-url", closed); code != 1 || !strings.HasPrefix(errs, "health: ") {
		t.Errorf("health without a listener: exit %d, stderr %q", code, errs)
	}
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	v := buildVersion()
	for _, want := range []string{
		`takbot_build_info{commit="` + v.commit() + `",go="` + v.Go + `",schema="4",version="` + v.Version + `"} 1`,
		`takbot_transport_connected{transport="fake"} 1`,
		`takbot_records_damaged_total{kind="game"} 0`,
	} {
		if !strings.Contains(string(body), "\n"+want+"\n") {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}
