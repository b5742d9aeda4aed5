package storage

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/takbymail/takbot/record"
)

var update = flag.Bool("update", false, "rewrite the fuzz seeds in testdata/fuzz from today's encodings")

// v2ReplySample is a reply as schema 2 stored it, with its text and picture.
const v2ReplySample = `{"ID":"email:<m1@x>/1","Seq":1,"To":{"Transport":"email","Address":"ann@example.org"},"ToName":"Ann",` +
	`"Thread":"g1","Subject":"Tak game g1: Ann vs bob","Text":"g1 turn 3: Ann (white) played c3 (mail ps c3).\nBoard (north row first, stacks top first, white lowercase):\n` +
	`S 0 0 0 0\n0 0 0 0 0\n0 0 s 0 0\n0 0 0 0 0\n0 0 0 0 s\nTurn 4 (PTN move 2, black): bob (black) to move, by 2026-11-24 09:00 UTC.",` +
	`"Pictures":[{"Name":"g1-move3-mail.png","Config":{"Size":5,"Stones":[21,21],"Caps":[1,1],"Komi":0,"Opening":0,"Rules":0},` +
	`"TPS":"2,x4/x5/x2,1,x2/x5/x4,1 2 2","BeforeTPS":"2,x4/x5/x5/x5/x4,1 1 2","Last":"c3","Players":["Ann","bob"],"Orientation":1,` +
	`"Result":{"Reason":"","Winner":0,"PTN":"","Text":""},"Score":0}],"Images":null,"Cause":"email:<m1@x>",` +
	`"Created":"2026-11-21T09:00:00Z","Delivered":"2026-11-21T09:00:05Z"}`

// sampleReplies are the replies whose encodings seed FuzzDecodeReply.
func sampleReplies(t testing.TB) map[string]*record.Reply {
	rng := rand.New(rand.NewPCG(5, 6))
	game := simulatedGame(rng, 12, 30)
	var old v2Reply
	if err := json.Unmarshal([]byte(v2ReplySample), &old); err != nil {
		t.Fatal(err)
	}
	migrated, err := convertReply(&old)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]*record.Reply{
		"move-mail": game[20], "move-ptn": game[41], "last-move": game[len(game)-1],
		"migrated": migrated, "every-field": filledReply(),
		"raw-format": {ID: "console:9/1", To: record.Identity{Transport: "console", Address: "bob"}, Created: simStart,
			Parts: []record.Part{{Kind: record.Prose, Text: "unknown command \"xyzzy\""}}, Private: true},
	}
}

// seedFile writes or reads the seeds of one fuzz test, as go test keeps
// them: "go test fuzz v1" and one Go literal per argument.
func seedFile(t *testing.T, fuzz, name string, args ...any) {
	t.Helper()
	dir := filepath.Join("testdata", "fuzz", fuzz)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("go test fuzz v1\n")
	for _, a := range args {
		switch a := a.(type) {
		case []byte:
			fmt.Fprintf(&b, "[]byte(%s)\n", strconv.Quote(string(a)))
		case string:
			fmt.Fprintf(&b, "string(%s)\n", strconv.Quote(a))
		}
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFuzzSeeds checks that the committed seeds of the fuzz tests still
// decode (they are encodings of real replies and records); with -update
// it writes them again from today's encodings.
func TestFuzzSeeds(t *testing.T) {
	if *update {
		for name, r := range sampleReplies(t) {
			raw, err := encodeReply(r)
			if err != nil {
				t.Fatal(err)
			}
			seedFile(t, "FuzzDecodeReply", name, raw)
		}
		p := &record.Processed{ID: "email:<CAF1@mail.gmail.com>", At: simStart, Replies: []string{"email:<CAF1@mail.gmail.com>/1", "email:<CAF1@mail.gmail.com>/2"}}
		seedFile(t, "FuzzDecodeProcessed", "move", p.ID, encodeProcessed(p))
		seedFile(t, "FuzzDecodeProcessed", "no-replies", "discord:1234", encodeProcessed(&record.Processed{ID: "discord:1234", At: simStart}))
		gi := gameIndex{status: record.Active, wake: simStart, players: [2]string{"email:ann@example.org", "discord:1234"}}
		seedFile(t, "FuzzDecodeGameIndex", "active", gi.encode())
		seedFile(t, "FuzzDecodeGameIndex", "over", gameIndex{status: record.Over, players: gi.players}.encode())
		for name, tps := range map[string]string{"adopted": "x5/x5/x2,1,x2/x5/x5 2 7", "empty": "", "start": "x6/x6/x6/x6/x6/x6 1 1", "bad": "x5/x5 3 0"} {
			seedFile(t, "FuzzStartPly", name, tps)
		}
	}
	for _, fuzz := range []string{"FuzzDecodeReply", "FuzzDecodeProcessed", "FuzzDecodeGameIndex"} {
		files, err := filepath.Glob(filepath.Join("testdata", "fuzz", fuzz, "*"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no seeds for %s: %v", fuzz, err)
		}
		for _, f := range files {
			args := readSeed(t, f)
			var err error
			switch fuzz {
			case "FuzzDecodeReply":
				_, err = decodeReply(1, args[len(args)-1])
			case "FuzzDecodeProcessed":
				_, err = decodeProcessed(string(args[0]), args[1])
			case "FuzzDecodeGameIndex":
				_, err = decodeGameIndex(args[0])
			}
			if err != nil {
				t.Errorf("seed %s: %v", f, err)
			}
		}
	}
}

// readSeed reads the arguments of a seed file written by seedFile.
func readSeed(t *testing.T, path string) [][]byte {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var args [][]byte
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n")[1:] {
		open := strings.IndexByte(line, '(')
		s, err := strconv.Unquote(line[open+1 : len(line)-1])
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		args = append(args, []byte(s))
	}
	return args
}

// FuzzDecodeReply: no stored bytes make decodeReply panic, and what it
// decodes encodes and decodes to the same reply.
func FuzzDecodeReply(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw []byte) {
		r, err := decodeReply(7, raw)
		if err != nil {
			return
		}
		again, err := encodeReply(r)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := decodeReply(7, again)
		if err != nil || !reflect.DeepEqual(r, r2) {
			t.Fatalf("re-encoding changed the reply: %+v, %v; want %+v", r2, err, r)
		}
	})
}

// FuzzDecodeProcessed: the same for processed records.
func FuzzDecodeProcessed(f *testing.F) {
	f.Fuzz(func(t *testing.T, id string, raw []byte) {
		r, err := decodeProcessed(id, raw)
		if err != nil {
			return
		}
		r2, err := decodeProcessed(id, encodeProcessed(r))
		if err != nil || !reflect.DeepEqual(r, r2) {
			t.Fatalf("re-encoding changed the record: %+v, %v; want %+v", r2, err, r)
		}
	})
}

// FuzzDecodeGameIndex: the same for game index entries.
func FuzzDecodeGameIndex(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw []byte) {
		gi, err := decodeGameIndex(raw)
		if err != nil {
			return
		}
		if gi2, err := decodeGameIndex(gi.encode()); err != nil || !reflect.DeepEqual(gi, gi2) {
			t.Fatalf("re-encoding changed the entry: %+v, %v; want %+v", gi2, err, gi)
		}
	})
}

// FuzzStartPly: the ply read from a TPS's last two fields is never
// negative, and a TPS with black to move has an odd ply.
func FuzzStartPly(f *testing.F) {
	f.Fuzz(func(t *testing.T, tps string) {
		ply, err := startPly(tps)
		if err != nil {
			return
		}
		if fs := strings.Fields(tps); ply < 0 || (len(fs) == 3 && (fs[1] == "2") != (ply%2 == 1)) {
			t.Fatalf("startPly(%q) = %d", tps, ply)
		}
	})
}
