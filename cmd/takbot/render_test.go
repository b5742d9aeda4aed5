package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRenderCommandPictures(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name  string
		args  []string
		width int
	}{
		{"tps", []string{"-tps", "x5/x5/x2,1,x2/x5/2,x4 1 2", "-last", "c3"}, 640},
		{"tps-mail-last", []string{"-tps", "x5/x5/x2,21,x2/x5/x5 1 3", "-last", "ms c2 p1 1", "-orientation", "mail", "-theme", "light", "-size", "400"}, 400},
		{"tps-komi-names", []string{"-tps", "1,2,1/2,1,2/1,2,1 2 5", "-komi", "2.5", "-white", "Ann", "-black", "Bo", "-theme", "contrast", "-size", "300"}, 300},
		{"ptn-end", []string{"-ptn", "testdata/render-games.ptn"}, 640},
		{"ptn-ply", []string{"-ptn", "testdata/render-games.ptn", "-game", "2", "-ply", "17", "-size", "480"}, 480},
		{"ptn-start", []string{"-ptn", "testdata/render-games.ptn", "-ply", "0", "-size", "480"}, 480},
		{"ptn-before-bad-ply", []string{"-ptn", "testdata/render-bad.ptn", "-ply", "3", "-size", "480"}, 480},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.name+".png")
			code, stdout, stderr := runCmd(t, append(append([]string{"render"}, tc.args...), "-o", out)...)
			if code != 0 || stdout != "" || stderr != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
			}
			f, err := os.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			cfg, err := png.DecodeConfig(f)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != tc.width || cfg.Height <= cfg.Width {
				t.Errorf("picture is %dx%d, want %d wide and taller than wide", cfg.Width, cfg.Height, tc.width)
			}
		})
	}
}

func TestRenderCommandText(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want []string // lines the output must contain
	}{
		{"unicode-ptn", []string{"-tps", "x3/x,12S,x/1,x2 2 4", "-text"},
			[]string{" 3 │ 0 │ 0  │ 0 │", " 2 │ 0 │ Ws │ 0 │", " 1 │ s │ 0  │ 0 │", "   │ a │ b  │ c │", "Turn 8 (PTN move 4, black) to play."}},
		{"ascii-mail", []string{"-tps", "x3/x,12S,x/1,x2 2 4", "-text", "-ascii", "-orientation", "mail"},
			[]string{"   | A | B  | C |", " 1 | 0 | 0  | 0 |", " 3 | s | 0  | 0 |"}},
		{"sync", []string{"-tps", "x3/x,12S,x/1,x2 2 4", "-sync"}, []string{"0 0 0\n0 Ws 0\ns 0 0\n"}},
		{"ptn-text", []string{"-ptn", "testdata/render-games.ptn", "-ply", "2", "-text"}, []string{" 6 │ 0 │ 0 │ 0 │ 0 │ 0 │ s │", " 1 │ S │"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, append([]string{"render"}, tc.args...)...)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("output lacks %q:\n%s", w, stdout)
				}
			}
			if strings.Contains(tc.name, "ascii") {
				for _, r := range stdout {
					if r > 126 {
						t.Fatalf("ASCII output has %q", r)
					}
				}
			}
		})
	}
}

func TestRenderCommandErrors(t *testing.T) {
	tps := "x3/x3/x3 1 1"
	for _, tc := range []struct {
		args    []string
		code    int
		errPart string
	}{
		{[]string{"-text"}, 2, "give exactly one of -tps and -ptn"},
		{[]string{"-tps", tps, "-ptn", "x.ptn", "-text"}, 2, "give exactly one of -tps and -ptn"},
		{[]string{"-tps", tps}, 2, "give -o FILE.png"},
		{[]string{"-tps", tps, "-text", "-o", "x.png"}, 2, "-o writes a picture"},
		{[]string{"-tps", tps, "-text", "-sync"}, 2, "not both"},
		{[]string{"-tps", tps, "-ascii", "-o", "x.png"}, 2, "-ascii goes with -text"},
		{[]string{"-tps", tps, "-theme", "pink", "-o", "x.png"}, 2, `unknown theme "pink"`},
		{[]string{"-tps", tps, "-orientation", "up", "-text"}, 2, `-orientation "up"`},
		{[]string{"-tps", tps, "-size", "50", "-o", "x.png"}, 2, "-size 50"},
		{[]string{"-tps", tps, "-ply", "3", "-text"}, 2, "-ply and -game go with -ptn"},
		{[]string{"-ptn", "testdata/render-games.ptn", "-last", "a1", "-text"}, 2, "-last, -komi, -white and -black go with -tps"},
		{[]string{"-ptn", "testdata/render-games.ptn", "-game", "0", "-text"}, 2, "-game counts from 1"},
		{[]string{"-tps", tps, "-text", "extra"}, 2, "unexpected arguments"},
		{[]string{"-tps", tps, "-bogus"}, 2, "flag provided but not defined"},
		{[]string{"-tps", "x3/x3 1 1", "-text"}, 1, "-tps: TPS has 2 rows"},
		{[]string{"-tps", tps, "-komi", "two", "-text"}, 1, `-komi: komi "two" is not a number`},
		{[]string{"-tps", tps, "-last", "zz", "-o", "x.png"}, 1, "-last"},
		{[]string{"-tps", tps, "-last", "a1", "-o", "x.png"}, 1, "a1 does not hold the lone flat"},
		{[]string{"-tps", "x3/x3/1,x2 2 1", "-last", "a1>", "-o", "x.png"}, 1, "drops pieces on b1, which is empty"},
		{[]string{"-ptn", "testdata/no-such.ptn", "-text"}, 1, "no-such.ptn"},
		{[]string{"-ptn", "testdata/render-games.ptn", "-game", "9", "-text"}, 1, "-game 9: testdata/render-games.ptn holds 2 games"},
		{[]string{"-ptn", "testdata/render-games.ptn", "-ply", "999", "-text"}, 1, "-ply 999: game 1 has 64 plies"},
		{[]string{"-ptn", "testdata/render-bad.ptn", "-text"}, 1, "zz9"},
		{[]string{"-tps", tps, "-o", filepath.Join(t.TempDir(), "no", "dir.png")}, 1, "no such file or directory"},
	} {
		code, stdout, stderr := runCmd(t, append([]string{"render"}, tc.args...)...)
		if code != tc.code || stdout != "" || !strings.Contains(stderr, tc.errPart) {
			t.Errorf("render %q = %d, %q, %q; want %d and stderr with %q", tc.args, code, stdout, stderr, tc.code, tc.errPart)
		}
	}
}
