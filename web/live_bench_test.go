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
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/web"
)

// spectators is how many live streams BenchmarkSpectators opens.
const spectators = 1000

// swarmEnv, set in the environment of this test binary, makes it the
// spectators' process of a benchmark (see TestMain) instead of running
// tests: it holds the value's URL's live stream open from many
// connections.
const swarmEnv = "TAKBOT_WEB_SPECTATOR_SWARM"

// TestMain runs the tests, or the spectators of a benchmark when the
// benchmark starts this binary again as their process.
func TestMain(m *testing.M) {
	if url := os.Getenv(swarmEnv); url != "" {
		os.Exit(swarm(url, os.Getenv(swarmEnv+"_FETCH") != "", os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// BenchmarkSpectators: 1,000 spectators follow one game over real HTTP
// on 127.0.0.1 (server-sent events, one connection each); each
// iteration plays one move and waits until every spectator has its
// event. The spectators run in a process of their own (this binary,
// started again), so that the memory measured is the server's alone: the
// referee, its store and the web server, as in takbot serve. It reports
// the delivery's p50, p99 and worst latency, the server process's peak
// heap in use and resident memory, the spectators' process's resident
// memory, and each process's CPU time a move (which the machine's other
// work moves less than the latencies). The target: p99 under 1 s, the
// server under 200 MB.
//
//	go test ./web/ -run '^$' -bench 'BenchmarkSpectators' -benchtime 40x
func BenchmarkSpectators(b *testing.B) { spectate(b, false) }

// BenchmarkSpectatorsPage is BenchmarkSpectators with each spectator
// doing what live.js does on the event: it fetches the game's page and
// then its new picture; a move has arrived when both are read.
func BenchmarkSpectatorsPage(b *testing.B) { spectate(b, true) }

var imgSrc = regexp.MustCompile(`<img src="(/g/g1/board\.png\?turn=[0-9]+)"`)

// raiseFiles raises RLIMIT_NOFILE to 4 files a spectator.
func raiseFiles() error {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return err
	}
	if lim.Cur < 4*spectators {
		lim.Cur = min(lim.Max, 4*spectators)
		return syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	}
	return nil
}

func spectate(b *testing.B, fetch bool) {
	if err := raiseFiles(); err != nil {
		b.Fatal(err)
	}
	// All the spectators come from 127.0.0.1: the governor lets them.
	w := newWorldWith(b, func(o *web.Options) { o.StreamsPerClient, o.StreamsTotal = 2*spectators, 2*spectators })
	ann, dis := w.id("email", annMail), w.id("discord", discordID)
	w.send(ann, "Ann", "new discord:"+discordID+" size=6 color=white")
	w.send(dis, "Dee", "game g1; accept")
	w.run()
	srv := httptest.NewServer(w.web)
	b.Cleanup(srv.Close)

	// The spectators' process: it answers "ready" once every stream is
	// open, then one line a move: "move TURN RSS T1 ... T1000", the wall
	// clock (Unix nanoseconds) at which each spectator had it.
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), swarmEnv+"="+srv.URL+"/g/g1")
	if fetch {
		cmd.Env = append(cmd.Env, swarmEnv+"_FETCH=yes")
	}
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { stdin.Close(); _ = cmd.Wait() }()
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	next := func(within time.Duration) string {
		select {
		case l, ok := <-lines:
			if !ok || strings.HasPrefix(l, "error") {
				b.Fatalf("the spectators' process: %q", l)
			}
			return l
		case <-time.After(within):
			b.Fatalf("the spectators' process said nothing for %v", within)
		}
		return ""
	}
	if l := next(2 * time.Minute); l != "ready" {
		b.Fatalf("the spectators' process: %q", l)
	}

	var lat []time.Duration
	var heap, rss, clientRSS uint64
	n := 0
	cpu0, clientCPU0 := cpuTime(0), cpuTime(cmd.Process.Pid)
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
		f := strings.Fields(next(10 * time.Second))
		if len(f) != 3+spectators || f[0] != "move" {
			b.Fatalf("move %d: the spectators' process said %d fields", n, len(f))
		}
		cr, _ := strconv.ParseUint(f[2], 10, 64)
		clientRSS = max(clientRSS, cr)
		for _, t := range f[3:] {
			at, err := strconv.ParseInt(t, 10, 64)
			if err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Duration(at-start.UnixNano()))
		}
		if n == 1 || n%10 == 0 {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			heap = max(heap, ms.HeapInuse)
			rss = max(rss, residentBytes())
		}
	}
	b.StopTimer()
	cpu, clientCPU := cpuTime(0)-cpu0, cpuTime(cmd.Process.Pid)-clientCPU0
	slices.Sort(lat)
	q := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
	b.ReportMetric(float64(q(0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(q(0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(heap)/(1<<20), "heap-MB")
	b.ReportMetric(float64(rss)/(1<<20), "rss-MB")
	b.ReportMetric(float64(clientRSS)/(1<<20), "client-rss-MB")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(n), "cpu-ms/move")
	b.ReportMetric(float64(clientCPU.Microseconds())/1000/float64(n), "client-cpu-ms/move")
	b.ReportMetric(spectators, "spectators")
	// The server's memory target holds in both; the latency's is checked
	// for the event's delivery, and with each spectator's page and
	// picture fetched it is reported only: the picture, 33 KB a move for
	// each of them, is most of the bytes, and the p99 then follows the
	// machine's load (BENCHMARKS.md).
	if rss > 200<<20 || !fetch && q(0.99) > time.Second {
		b.Errorf("p99 %v, server resident %d MB: over the targets", q(0.99), rss>>20)
	}
}

// swarm is the spectators' process: it opens the live stream of the game
// page at url from spectators connections, says "ready" on out once each
// has its hello, and then, for each move, once every spectator has it
// (and, with fetch, has read the page and its new picture, as live.js
// does), a line "move TURN RSS T1 ... Tn" with its resident memory and
// the Unix nanoseconds of each arrival. It ends when in closes. It
// returns the process's exit code.
func swarm(url string, fetch bool, in io.Reader, out io.Writer) int {
	fail := func(err error) int { fmt.Fprintf(out, "error %v\n", err); return 1 }
	if err := raiseFiles(); err != nil {
		return fail(err)
	}
	host := url[:strings.Index(url, "/g/")]
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: -1, DisableCompression: true,
		DialContext: (&net.Dialer{Timeout: 10 * time.Second}).DialContext}}
	// The pages are asked for uncompressed: a browser takes gzip (a
	// third of the page's bytes), but here the spectators' inflating
	// would share the two cores with the server.
	pages := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: spectators, DisableCompression: true}}
	get := func(path string, buf *[]byte) error {
		resp, err := pages.Get(host + path)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		*buf = (*buf)[:0]
		for {
			if len(*buf) == cap(*buf) {
				*buf = append(*buf, 0)[:len(*buf)]
			}
			k, err := resp.Body.Read((*buf)[len(*buf):cap(*buf)])
			*buf = (*buf)[:len(*buf)+k]
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("GET %s: %s", path, resp.Status)
		}
		return nil
	}
	type arrival struct {
		turn int
		at   int64
	}
	arrived := make(chan arrival, spectators)
	failed := make(chan error, spectators)
	var ready sync.WaitGroup
	for i := range spectators {
		ready.Add(1)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url+"/events", nil)
		resp, err := client.Do(req)
		if err != nil {
			return fail(fmt.Errorf("spectator %d: %w", i, err))
		}
		if resp.StatusCode != http.StatusOK {
			return fail(fmt.Errorf("spectator %d: %s", i, resp.Status))
		}
		go func() {
			defer resp.Body.Close()
			r := bufio.NewReader(resp.Body)
			var buf []byte
			move := false
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					return
				}
				switch {
				case strings.HasPrefix(line, "event: hello"):
					ready.Done()
				case strings.HasPrefix(line, "event: move"):
					move = true
				case move && strings.HasPrefix(line, "data: "):
					move = false
					turn, err := strconv.Atoi(strings.TrimSpace(line[len("data: "):]))
					if err == nil && fetch {
						if err = get(url[len(host):], &buf); err == nil {
							m := imgSrc.FindSubmatch(buf)
							if m == nil {
								err = fmt.Errorf("no picture on the page")
							} else {
								err = get(string(m[1]), &buf)
							}
						}
					}
					if err != nil {
						failed <- err
						return
					}
					arrived <- arrival{turn, time.Now().UnixNano()}
				}
			}
		}()
	}
	ready.Wait()
	fmt.Fprintln(out, "ready")
	go func() { _, _ = io.Copy(io.Discard, in); cancel() }()
	byTurn := map[int][]int64{}
	for {
		select {
		case <-ctx.Done():
			return 0
		case err := <-failed:
			return fail(err)
		case a := <-arrived:
			byTurn[a.turn] = append(byTurn[a.turn], a.at)
			if ts := byTurn[a.turn]; len(ts) == spectators {
				var sb strings.Builder
				fmt.Fprintf(&sb, "move %d %d", a.turn, residentBytes())
				for _, t := range ts {
					sb.WriteString(" " + strconv.FormatInt(t, 10))
				}
				fmt.Fprintln(out, sb.String())
				delete(byTurn, a.turn)
			}
		}
	}
}

// cpuTime is the CPU time (user and system) a process has used so far:
// this one for pid 0. The machine's other work moves it less than the
// wall time.
func cpuTime(pid int) time.Duration {
	path := "/proc/self/stat"
	if pid != 0 {
		path = "/proc/" + strconv.Itoa(pid) + "/stat"
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	// the fields after the command's name (in parentheses): utime and
	// stime are the 12th and 13th of them, in clock ticks (100 a second)
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond
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
