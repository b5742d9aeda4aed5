package mailplay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/record"
)

// Auto-responders that do not say so. A mail with Auto-Submitted (or
// another mark of automatic mail, auto.go) is never answered; a broken
// auto-responder without one answers every mail of the bot, and the bot
// answered every one of those ("your message has no command in it"), for
// ever. The rule:
//
//   - A mail looks automatic when it holds no command at all (only prose,
//     or nothing the referee can read) and either says the same as the
//     sender's previous mail or arrived within responderQuick of the bot's
//     last mail to the address.
//   - After responderRun such mails in a row, all answered, the next one
//     is not answered, and neither is any mail without a command from the
//     address for responderQuiet: logged once, counted
//     (AutoResponderDropped, takbot_mail_autoresponder_dropped_total).
//   - Any mail with a command (a move, "board") ends the run and the quiet:
//     a person is writing. Game events (the opponent's move, reminders) go
//     to the address all the while.
//
// So a broken auto-responder gets at most responderRun answers a day, and
// a person who writes a command is never affected.
const (
	responderRun   = 5
	responderQuick = 2 * time.Minute
	responderQuiet = 24 * time.Hour
)

// responderState is how the recent mails from one address look.
type responderState struct {
	Run   int    // mails in a row that looked automatic, answered
	Hash  string // of the text of the last mail without a command
	Last  int64  // when the last mail without a command came (Unix seconds)
	Quiet int64  `json:",omitempty"` // until when mails without a command are not answered (Unix seconds)
}

// admitResponder counts a mail against the rule on auto-responders and
// reports whether it may be answered. noCommand says the mail holds no
// command. The state is written in its own transaction before the mail
// is handled; a mail with a command reads only, unless it ends a run.
func (t *Transport) admitResponder(ctx context.Context, from, text string, received time.Time, noCommand bool, log *slog.Logger) (bool, error) {
	key := prefixResponder + strings.ToLower(from)
	now := t.opts.Clock.Now()
	if !noCommand {
		var found bool
		if err := t.ref.ViewState(ctx, TransportName, func(tx record.StateTx) error {
			_, err := tx.Get(key)
			found = err == nil
			if errors.Is(err, record.ErrNotFound) {
				return nil
			}
			return err
		}); err != nil || !found {
			return true, err
		}
		return true, t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error { return tx.Delete(key) })
	}
	sum := sha256.Sum256([]byte(strings.Join(strings.Fields(strings.ToLower(text)), " ")))
	hash := hex.EncodeToString(sum[:8])
	admit, logQuiet := true, false
	err := t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
		admit, logQuiet = true, false
		var st responderState
		if _, err := getJSON(tx, key, &st); err != nil {
			return err
		}
		last := int64(0)
		if raw, err := tx.Get(prefixLastMail + strings.ToLower(from)); err == nil {
			last, _ = strconv.ParseInt(string(raw), 10, 64)
		} else if !errors.Is(err, record.ErrNotFound) {
			return err
		}
		quick := last != 0 && received.Unix()-last >= 0 && received.Unix()-last <= int64(responderQuick/time.Second)
		same := st.Hash == hash
		st.Hash, st.Last = hash, now.Unix()
		switch {
		case st.Quiet > now.Unix():
			admit = false
		case same || quick:
			st.Run++
		default:
			st.Run = 0
		}
		if admit && st.Run > responderRun {
			admit, logQuiet = false, true
			st.Run, st.Quiet = 0, now.Add(responderQuiet).Unix()
		}
		return putJSON(tx, key, st)
	})
	if err != nil {
		return false, fmt.Errorf("mailplay: count a mail without a command: %w", err)
	}
	if !admit {
		t.autoDropped.Add(1)
		if logQuiet {
			log.Warn("the address answers the bot's mails automatically without saying so: its mails without a command are not answered for a while",
				"answered", responderRun, "until", now.Add(responderQuiet).UTC())
		}
	}
	return admit, nil
}

// AutoResponderDropped counts the mails left unanswered since the
// transport started because their sender looks like an auto-responder
// that does not say so (see responder.go; the
// takbot_mail_autoresponder_dropped_total metric).
func (t *Transport) AutoResponderDropped() uint64 { return t.autoDropped.Load() }
