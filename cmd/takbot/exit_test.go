package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/takbymail/takbot/storage"
)

// TestExitStatus maps each typed error to its status, wrapped or not.
func TestExitStatus(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want int
	}{
		{nil, exitOK},
		{&configError{File: "c.yaml", Problems: []*configProblem{{Line: 1, Kind: problemSyntax, Err: errors.New("x")}}}, exitConfig},
		{&configReadError{fs.ErrNotExist}, exitConfig},
		{fmt.Errorf("status: %w", &configReadError{fs.ErrPermission}), exitConfig},
		{fmt.Errorf("open x.db: version 5, this program knows 4: %w", storage.ErrNewerSchema), exitNewerSchema},
		{&storage.DamagedError{Path: "x.db", Problems: []string{"page 3"}}, exitDamaged},
		{fmt.Errorf("open x.db: %w", storage.ErrInUse), exitFailure},
		{errors.New("http_listen: address in use"), exitFailure},
	} {
		if got := exitStatus(tc.err); got != tc.want {
			t.Errorf("exitStatus(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
}

// TestUnitStopsWhereRestartCannotMend: deploy/takbot.service does not
// restart on exactly the statuses a restart cannot mend, runs no
// ExecStartPre (whose status RestartPreventExitStatus ignores), limits
// its starts, and README's table lists the same statuses.
func TestUnitStopsWhereRestartCannotMend(t *testing.T) {
	raw, err := os.ReadFile("../../deploy/takbot.service")
	if err != nil {
		t.Fatal(err)
	}
	unit := string(raw)
	want := []int{exitDamaged, exitConfig, exitNewerSchema}
	m := regexp.MustCompile(`(?m)^RestartPreventExitStatus=(.*)$`).FindAllStringSubmatch(unit, -1)
	if len(m) != 1 {
		t.Fatalf("RestartPreventExitStatus lines: %v", m)
	}
	var got []int
	for _, f := range strings.Fields(m[0][1]) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, n)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("RestartPreventExitStatus=%v; want %v", got, want)
	}
	for _, line := range []string{"StartLimitIntervalSec=", "StartLimitBurst=", "Restart=on-failure"} {
		if !regexp.MustCompile(`(?m)^` + line).MatchString(unit) {
			t.Errorf("the unit lacks %s", line)
		}
	}
	if regexp.MustCompile(`(?m)^ExecStartPre`).MatchString(unit) {
		t.Error("the unit has an ExecStartPre")
	}
	readme, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range want {
		if !regexp.MustCompile(`(?m)^\| ` + strconv.Itoa(s) + ` \| .* \| no \|$`).Match(readme) {
			t.Errorf("README's exit statuses lack %d, not restarted", s)
		}
	}
}
