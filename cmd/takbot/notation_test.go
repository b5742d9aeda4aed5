package main

import (
	"strings"
	"testing"
)

func TestNotationCommand(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		code    int
		out     string
		errPart string
	}{
		{[]string{"-size", "5", "ms", "b2", "p3", "2", "1"}, 0, "ptn: 3b4-21\nmail: ms b2 p3 2 1\n", ""},
		{[]string{"-size", "5", "ms b2 p3 2 1"}, 0, "ptn: 3b4-21\nmail: ms b2 p3 2 1\n", ""},
		{[]string{"-size", "5", "3b4-21"}, 0, "ptn: 3b4-21\nmail: ms b2 p3 2 1\n", ""},
		{[]string{"-size", "5", "MS", "B2", "G3", "t"}, 0, "ptn: 3b4-\nmail: ms b2 p3 3\n", ""},
		{[]string{"-size", "5", "a5-"}, 0, "ptn: a5-\nmail: ms a1 p1 1\n", ""},
		{[]string{"-size", "6", "4a4→112'"}, 0, "ptn: 4a4>112\nmail: me a3 p4 1 1 2\n", ""},
		{[]string{"-size", "5", "pc", "c3"}, 0, "ptn: Cc3\nmail: pc c3\n", ""},
		{[]string{"-size", "5", "Sa1"}, 0, "ptn: Sa1\nmail: pw a5\n", ""},
		{[]string{"-size", "5", "c3>*"}, 0, "ptn: c3>\nmail: me c3 p1 1\n", ""},
		{[]string{"-size", "5", "mx", "b2"}, 1, "", "unknown direction 'x': use n, s, e or w"},
		{[]string{"-size", "5", "6a1+"}, 1, "", "carry limit is 5 on 5x5"},
		{[]string{"-size", "5", "b9"}, 1, "", "b9 is not on a 5x5 board"},
		{[]string{"-size", "5", "3c3>22"}, 1, "", "picks up 3 but drops 4 (2+2)"},
		{[]string{"-size", "5"}, 2, "", "usage: takbot notation"},
		{[]string{"c3"}, 2, "", "-size must be between 3 and 8"},
		{[]string{"-size", "9", "c3"}, 2, "", "-size must be between 3 and 8"},
		{[]string{"-size", "x", "c3"}, 2, "", "invalid value"},
	} {
		code, out, errs := runCmd(t, append([]string{"notation"}, tc.args...)...)
		if code != tc.code || out != tc.out || !strings.Contains(errs, tc.errPart) {
			t.Errorf("notation %q = %d, %q, %q; want %d, %q, stderr with %q", tc.args, code, out, errs, tc.code, tc.out, tc.errPart)
		}
	}
}
