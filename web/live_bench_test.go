package web_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/web"
)

// spectators is how many live streams BenchmarkSpectators opens.
const spectators = 1000

// BenchmarkSpectators: 1,000 spectators follow one game over real HTTP
// on 127.0.0.1 (server-sent events, one connection each); each
// iteration plays one move and waits until every spectator has its
// event. It reports the delivery's p50, p99 and worst latency, and the
// process's heap and resident memory while they watch (the spectators'
// own connections included). The target: p99 under 1 s, memory under
// 200 MB.
//
//	go test ./web/ -run '^$' -bench 'BenchmarkSpectators' -benchtime 40x
func BenchmarkSpectators(b *testing.B) { spectate(b, false) }

// BenchmarkSpectatorsPage is BenchmarkSpectators with each spectator
// doing what live.js does on the event: it fetches the game's page and
// then its new picture; a move has arrived when both are read.
func BenchmarkSpectatorsPage(b *testing.B) { spectate(b, true) }

var imgSrc = regexp.MustCompile(`<img src="(/g/g1/board\.png\?turn=[0-9]+)"`)

func spectate(b *testing.B, fetch bool) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		b.Fatal(err)
	}
	if lim.Cur < 4*spectators {
		lim.Cur = min(lim.Max, 4*spectators)
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
			b.Fatal(err)
		}
	}
	// All the spectators come from 127.0.0.1: the governor lets them.
	w := newWorldWith(b, func(o *web.Options) { o.StreamsPerClient, o.StreamsTotal = 2*spectators, 2*spectators })
	ann, dis := w.id("email", annMail), w.id("discord", discordID)
	w.send(ann, "Ann", "new discord:"+discordID+" size=6 color=white")
	w.send(dis, "Dee", "game g1; accept")
	w.run()
	srv := httptest.NewServer(w.web)
	b.Cleanup(srv.Close)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: -1, DisableCompression: true,
		DialContext: (&net.Dialer{Timeout: 10 * time.Second}).DialContext}}
	pages := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: spectators, DisableCompression: true}}
	get := func(path string) ([]byte, error) {
		resp, err := pages.Get(srv.URL + path)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err == nil && resp.StatusCode != http.StatusOK {
			err = fmt.Errorf("GET %s: %s", path, resp.Status)
		}
		return body, err
	}
	failed := make(chan error, spectators)
	arrived := make(chan time.Time, spectators)
	var ready sync.WaitGroup
	for i := range spectators {
		ready.Add(1)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/g/g1/events", nil)
		resp, err := client.Do(req)
		if err != nil {
			b.Fatalf("spectator %d: %v", i, err)
		}
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("spectator %d: %s", i, resp.Status)
		}
		go func() {
			defer resp.Body.Close()
			r := bufio.NewReader(resp.Body)
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if strings.HasPrefix(line, "event: hello") {
					ready.Done()
				}
				if !strings.HasPrefix(line, "event: move") {
					continue
				}
				if fetch {
					page, err := get("/g/g1")
					if err == nil {
						m := imgSrc.FindSubmatch(page)
						if m == nil {
							err = fmt.Errorf("no picture on the page")
						} else {
							_, err = get(string(m[1]))
						}
					}
					if err != nil {
						failed <- err
						return
					}
				}
				arrived <- time.Now()
			}
		}()
	}
	ready.Wait()

	var lat []time.Duration
	var heap, rss uint64
	n := 0
	b.ResetTimer()
	for b.Loop() {
		if n == len(longGame) {
			b.Fatalf("the game has %d moves: run at most -benchtime %dx", n, n)
		}
		who := ann
		if n%2 == 1 {
			who = dis
		}
		start := time.Now()
		w.send(who, "", "game g1; "+longGame[n])
		n++
		for range spectators {
			select {
			case at := <-arrived:
				lat = append(lat, at.Sub(start))
			case err := <-failed:
				b.Fatal(err)
			case <-time.After(10 * time.Second):
				b.Fatalf("move %d: not every spectator got it within 10 s", n)
			}
		}
		if n == 1 || n%10 == 0 {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			heap = max(heap, ms.HeapInuse)
			rss = max(rss, residentBytes())
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	q := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
	b.ReportMetric(float64(q(0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(q(0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(heap)/(1<<20), "heap-MB")
	b.ReportMetric(float64(rss)/(1<<20), "rss-MB")
	b.ReportMetric(spectators, "spectators")
	// The targets hold for the event's delivery; with each spectator's
	// page and picture fetched the figures are reported only (the
	// picture, 36 KB a move for each of them, is most of the bytes).
	if !fetch && (q(0.99) > time.Second || rss > 200<<20) {
		b.Errorf("p99 %v, resident %d MB: over the targets", q(0.99), rss>>20)
	}
}

// residentBytes is the process's resident memory (VmRSS), 0 if unknown.
func residentBytes() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		var kb uint64
		if _, err := fmt.Sscanf(l, "VmRSS: %d kB", &kb); err == nil {
			return kb << 10
		}
	}
	return 0
}
