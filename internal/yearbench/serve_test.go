package yearbench

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkYearServeRSS starts takbot serve on the year's database, lets
// its clocks tick, scrapes /healthz and /metrics, stops it with SIGTERM,
// and reports its peak resident memory (VmHWM).
func BenchmarkYearServeRSS(b *testing.B) {
	path := database(b, "year")
	bin := filepath.Join(b.TempDir(), "takbot")
	build := exec.Command("go", "build", "-o", bin, "../../cmd/takbot")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	cfg := filepath.Join(b.TempDir(), "config.yaml")
	if err := os.WriteFile(cfg, []byte("db: "+path+"\nlog_format: json\nhttp_listen: 127.0.0.1:0\ntick_interval: 100ms\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	var peak float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		peak = max(peak, serveOnce(b, bin, cfg))
	}
	b.StopTimer()
	b.ReportMetric(peak, "MB-peak-rss")
}

// serveOnce runs takbot serve until it has served a scrape and ticked,
// and returns its peak resident memory in MB.
func serveOnce(b *testing.B, bin, cfg string) float64 {
	cmd := exec.Command(bin, "serve", "-config", cfg)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stderr)
	addr := ""
	for addr == "" && lines.Scan() {
		var l map[string]any
		if json.Unmarshal(lines.Bytes(), &l) == nil && l["msg"] == "takbot serving" {
			addr, _ = l["http"].(string)
		}
	}
	if addr == "" {
		b.Fatal("takbot serve did not say where it listens")
	}
	go io.Copy(io.Discard, stderr)
	for _, p := range []string{"/healthz", "/metrics"} {
		resp, err := http.Get("http://" + addr + p)
		if err != nil || resp.StatusCode != 200 {
			b.Fatalf("%s: %v", p, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	time.Sleep(500 * time.Millisecond) // five ticks of the clocks over the year's games
	rss := peakRSS(b, cmd.Process.Pid)
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		b.Fatalf("takbot serve stopped with %v", err)
	}
	return rss
}

// peakRSS reads a process's VmHWM in MB.
func peakRSS(b *testing.B, pid int) float64 {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		b.Fatal(err)
	}
	for _, l := range strings.Split(string(raw), "\n") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == "VmHWM:" {
			kb, _ := strconv.Atoi(f[1])
			return float64(kb) / 1024
		}
	}
	b.Fatal("no VmHWM")
	return 0
}
