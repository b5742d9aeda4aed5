package bot

import (
	"errors"
	"time"
)

// Message is one message from a player, as a transport hands it to
// [Referee.Handle].
type Message struct {
	// ID is unique among the transport's messages (a mail's Message-ID, a
	// Discord message or interaction id). The referee namespaces it with
	// the transport's name, so two transports never collide; a message
	// whose ID was handled before changes nothing and is not answered.
	ID   string
	From Identity // the sender
	Name string   // the sender's display name, if the transport knows one
	Text string   // what the sender wrote: commands, moves and prose
	// Game is the game the transport associates with the message (the
	// mail thread or Discord thread it arrived in), "" if none. Commands
	// without a "game ID" of their own go to it.
	Game string
	// Received is when the transport received the message, by its own
	// clock (a mail server's INTERNALDATE, Discord's message timestamp);
	// never a time the sender wrote. Clocks judge a move by it, so a bot
	// that was down does not make a player lose on time. Zero means now; a
	// time after now is taken as now.
	Received time.Time
	// Unverified is set by a transport that cannot vouch that From sent
	// the message (a mail without the player's reply token or a trusted
	// authentication). The referee then runs only read-only commands
	// (refusing a message with any other: the transport should have held
	// it for a confirmation), keeps the sender's name as it was, and counts
	// the message apart from the sender's own (Quotas.MessagesPerHour).
	Unverified bool
	// Confirmed is set by a transport when the message is a held one
	// carried out after its sender answered a confirmation request (an
	// empty reply to the address the request came from). It proves only
	// that the sender receives mail at the address: commands whose policy
	// needs AssuranceStrong (pairing) are refused (see Assurance).
	Confirmed bool
	// Community is where the message was written, namespaced by the
	// transport ("discord:GUILD" for a Discord server; "" for a direct
	// message, a mail or the console). The referee records it on the
	// sender and on the games the message changes, and "leaderboard"
	// written there lists the players of that community.
	Community string
	// Moment, when set, is the state of game Game the message was drawn
	// for (Action.Moment: a Discord button hands back the one of its
	// post). The referee checks it under the game's lock, with the
	// commands: when the game has moved on since, nothing of the message
	// runs and the sender alone is told (a private reply).
	Moment string
	// State is adapter state written in the same transaction as the
	// message's effects (an IMAP cursor, a thread mapping), so a restart
	// resumes exactly. When the message was handled before, it is written
	// on its own.
	State []StateWrite
}

// StateWrite sets (or, with Delete, removes) one key of the sending
// transport's adapter state.
type StateWrite struct {
	Key    string
	Value  []byte
	Delete bool
}

// Outcome is what handling a message did.
type Outcome struct {
	// Replies are the replies the message caused, also committed to the
	// outbox; transports deliver them from there.
	Replies []Reply
	// Duplicate is set when the message was handled before: nothing
	// changed and nothing is answered again.
	Duplicate bool
	// Refused is set when a command of the message was refused (the
	// commands before it stand).
	Refused bool
	// Dropped is set when the sender had sent more messages in the hour
	// than Quotas.MessagesPerHour allows: nothing of the message was run,
	// and the sender was told only at the first such message.
	Dropped bool
	// Commands is how many commands the message held; prose lines around
	// them are not counted.
	Commands int
	// Games are the games the message addressed, in first-use order.
	Games []string
}

// ErrBadMessage is wrapped by Handle's errors about a message that can
// never be handled, however often it is tried (no id, no sender): a
// transport drops it. Any other error of Handle is a failure worth
// retrying later (storage), and nothing was committed.
var ErrBadMessage = errors.New("bot: message cannot be handled")
