package storage

import (
	"encoding/json"
	"fmt"
	"strconv"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/bot"
)

// migration moves a file from version From to From+1 inside one transaction.
type migration struct {
	From int
	What string
	Run  func(tx *bolt.Tx) error
}

// migrations is the migration table, in order. Version 0 is a new, empty
// file.
var migrations = []migration{
	{0, "create the buckets", func(tx *bolt.Tx) error { return createBuckets(tx) }},
	{1, "index games by player and by running clock", migrate1to2},
}

func createBuckets(tx *bolt.Tx) error {
	for _, name := range allBuckets {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return fmt.Errorf("create bucket %s: %w", name, err)
		}
	}
	return nil
}

// migrate1to2: version 1 files kept games and players but no playergames
// or active index; build them from the game records.
func migrate1to2(tx *bolt.Tx) error {
	if err := createBuckets(tx); err != nil {
		return err
	}
	games := tx.Bucket(bGames)
	pg := tx.Bucket(bPlayerGames)
	act := tx.Bucket(bActive)
	return games.ForEach(func(k, v []byte) error {
		var g bot.GameRecord
		if err := json.Unmarshal(v, &g); err != nil {
			return fmt.Errorf("game %s: %w", k, err)
		}
		for _, p := range g.Players {
			if p != "" {
				if err := pg.Put([]byte(p+"\x00"+g.ID), nil); err != nil {
					return err
				}
			}
		}
		if g.ClockRunning() {
			return act.Put([]byte(g.ID), nil)
		}
		return nil
	})
}

func (d *DB) migrate() error {
	for {
		var done bool
		err := d.db.Update(func(tx *bolt.Tx) error {
			v, err := readVersion(tx)
			if err != nil {
				return err
			}
			if v > Version {
				return fmt.Errorf("version %d, this program knows %d: %w", v, Version, ErrNewerSchema)
			}
			if v == Version {
				done = true
				return createBuckets(tx)
			}
			var step *migration
			for i := range migrations {
				if migrations[i].From == v {
					step = &migrations[i]
				}
			}
			if step == nil {
				return fmt.Errorf("no migration from schema version %d", v)
			}
			if err := step.Run(tx); err != nil {
				return fmt.Errorf("migration %d→%d (%s): %w", v, v+1, step.What, err)
			}
			meta, err := tx.CreateBucketIfNotExists(bMeta)
			if err != nil {
				return err
			}
			return meta.Put(kVersion, []byte(strconv.Itoa(v+1)))
		})
		if err != nil || done {
			return err
		}
	}
}
