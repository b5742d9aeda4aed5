package main

import (
	"reflect"
	"testing"
	"time"
)

func TestDatabaseSection(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		want []problemOf
	}{
		{"a driver out of its set", "database:\n  driver: postgresql\n",
			[]problemOf{{2, "database.driver", problemBadValue, ""}}},
		{"postgres without its dsn", "database:\n  driver: postgres\n",
			[]problemOf{{1, "database.dsn", problemMissingKey, ""}}},
		{"a poll too long for a 30 s take-over", "database:\n  driver: postgres\n  dsn: postgres://h/db\n  leader_poll: 1m\n",
			[]problemOf{{4, "database.leader_poll", problemBadValue, ""}}},
		{"a poll too short", "database:\n  leader_poll: 1ms\n",
			[]problemOf{{2, "database.leader_poll", problemBadValue, ""}}},
		{"not a connection string", "database:\n  driver: postgres\n  dsn: \"host=h port=x\"\n",
			[]problemOf{{3, "database.dsn", problemBadValue, ""}}},
		{"a dsn misspelt", "database:\n  driver: postgres\n  dns: postgres://h/db\n",
			[]problemOf{{1, "database.dsn", problemMissingKey, ""}, {3, "database.dns", problemUnknownKey, "database.dsn"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, problems := load(t, tc.text, nil)
			var got []problemOf
			for _, p := range problems {
				got = append(got, problemOf{p.Line, p.Key, p.Kind, p.Suggestion})
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("problems:\n%v\nwant:\n%v\nmessages:\n%s", got, tc.want, messages(problems))
			}
		})
	}
	cfg, problems := load(t, "database:\n  driver: postgres\n  dsn: postgres://takbot@db.example.org/takbot\n", nil)
	if len(problems) != 0 || !cfg.Database.postgres() || cfg.Database.DSN.Value != "postgres://takbot@db.example.org/takbot" ||
		time.Duration(cfg.Database.LeaderPoll) != 5*time.Second {
		t.Errorf("a valid postgres section: %+v, %s", cfg.Database, messages(problems))
	}
	if got, want := databaseName(cfg), "postgres takbot@db.example.org/takbot"; got != want {
		t.Errorf("databaseName = %q, want %q", got, want)
	}
	if cfg, _ := load(t, "", nil); cfg.Database.postgres() || cfg.Database.Driver != driverBbolt {
		t.Errorf("the default driver is %q, want bbolt", cfg.Database.Driver)
	}
}
