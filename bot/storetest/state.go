package storetest

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/takbymail/takbot/record"
)

var stateCases = []suiteCase{
	{"State", testState},
	{"ScanState", testScanState},
}

func testState(t *testing.T, open Opener) {
	s := fresh(t, open)
	binary := []byte{0, 1, 0xff, 0}
	update(t, s, func(tx record.Tx) error {
		if _, err := tx.State("email", "cursor"); !errors.Is(err, record.ErrNotFound) {
			t.Errorf("State of a missing key: %v, want ErrNotFound", err)
		}
		v := []byte("uid 41")
		for _, w := range []struct {
			transport, key string
			value          []byte
		}{{"email", "cursor", v}, {"discord", "cursor", []byte("snowflake 9")}, {"email", "empty", nil}, {"email", "bin", binary}} {
			if err := tx.PutState(w.transport, w.key, w.value); err != nil {
				return err
			}
		}
		v[0] = 'X' // the caller's slice is not kept
		return nil
	})
	check := func(transport, key string, want []byte) {
		t.Helper()
		view(t, s, func(tx record.Tx) error {
			got, err := tx.State(transport, key)
			switch {
			case want == nil && !errors.Is(err, record.ErrNotFound):
				t.Errorf("State(%s, %s) = %q, %v; want ErrNotFound", transport, key, got, err)
			case want != nil && (err != nil || !bytes.Equal(got, want)):
				t.Errorf("State(%s, %s) = %q, %v; want %q", transport, key, got, err, want)
			default:
				for i := range got {
					got[i] = '!' // the copy is the caller's
				}
			}
			return nil
		})
	}
	check("email", "cursor", []byte("uid 41"))
	check("email", "cursor", []byte("uid 41"))
	check("discord", "cursor", []byte("snowflake 9"))
	check("email", "empty", []byte{})
	check("email", "bin", binary)
	check("console", "cursor", nil)
	update(t, s, func(tx record.Tx) error {
		if err := tx.DeleteState("email", "cursor"); err != nil {
			return err
		}
		if err := tx.DeleteState("email", "never-set"); err != nil {
			t.Errorf("DeleteState of an absent key: %v", err)
		}
		return tx.DeleteState("console", "never-set")
	})
	check("email", "cursor", nil)
	check("discord", "cursor", []byte("snowflake 9"))
	for _, bad := range [][2]string{{"", "k"}, {"email", ""}} {
		if err := s.Update(t.Context(), func(tx record.Tx) error { return tx.PutState(bad[0], bad[1], []byte("v")) }); err == nil {
			t.Errorf("PutState(%q, %q) succeeded", bad[0], bad[1])
		}
	}
}

func testScanState(t *testing.T, open Opener) {
	s := fresh(t, open)
	update(t, s, func(tx record.Tx) error {
		for _, w := range [][3]string{
			{"email", "thread/<b@x>", "g2"}, {"email", "thread/<a@x>", "g1"}, {"email", "threads", "n"},
			{"email", "cursor", "41"}, {"discord", "thread/1", "g3"}, {"emailx", "thread/<c@x>", "g9"},
		} {
			if err := tx.PutState(w[0], w[1], []byte(w[2])); err != nil {
				return err
			}
		}
		return nil
	})
	scan := func(transport, prefix string, want ...string) {
		t.Helper()
		view(t, s, func(tx record.Tx) error {
			var got []string
			err := tx.ScanState(transport, prefix, func(k string, v []byte) error {
				got = append(got, k+"="+string(v))
				v[0] = '!' // the copy is the caller's
				return nil
			})
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("ScanState(%s, %q) = %v, %v; want %v", transport, prefix, got, err, want)
			}
			return nil
		})
	}
	scan("email", "thread/", "thread/<a@x>=g1", "thread/<b@x>=g2")
	scan("email", "thread/", "thread/<a@x>=g1", "thread/<b@x>=g2")
	scan("email", "", "cursor=41", "thread/<a@x>=g1", "thread/<b@x>=g2", "threads=n")
	scan("discord", "thread", "thread/1=g3")
	scan("console", "")
	stop := errors.New("stop")
	view(t, s, func(tx record.Tx) error {
		n := 0
		if err := tx.ScanState("email", "", func(string, []byte) error { n++; return stop }); !errors.Is(err, stop) || n != 1 {
			t.Errorf("ScanState went on after an error: %d calls, %v", n, err)
		}
		return nil
	})
}
