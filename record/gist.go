package record

import "github.com/takbymail/takbot/tak"

// Gist is what a reply is about, as facts rather than sentences: the move
// it tells, whose turn it is now, a ruling, how the game ended. The
// referee fills it from the typed outcomes it words for the reply's
// reader (bot/present.Note), so a transport lays a reply out from it (a
// mail's headline, a Discord move post's one line) and never reads the
// prose for its structure: a wording change in package words changes the
// prose and nothing else. A reply stored before gists existed has none;
// transports then use their plain layout.
type Gist struct {
	Move   *GistMove   `json:",omitempty"` // the first move the reply tells
	Turn   *GistTurn   `json:",omitempty"` // whose turn it is, by the reply's last word on it
	Ruling *GistRuling `json:",omitempty"` // the first ruling on a disputed move
	End    *GistEnd    `json:",omitempty"` // how the game ended
	// Links are the links the reply's prose gives (the game on PTN Ninja,
	// its web page), in the order written.
	Links []GistLink `json:",omitempty"`
}

// LinkKind is what a link in a reply leads to.
type LinkKind uint8

// The kinds of links a reply gives.
const (
	// LinkReplay is the game on PTN Ninja.
	LinkReplay LinkKind = iota + 1
	// LinkPage is the game's page on the web.
	LinkPage
)

// GistLink is a link the reply's prose gives: a transport makes it a real
// link, or a short one, without reading the sentence around it.
type GistLink struct {
	Kind LinkKind
	URL  string
	// Line is the sentence of the reply's prose that gives the link, as
	// written (it ends with URL): a layout that gives the link its own way
	// puts it in the sentence's place.
	Line string
}

// GistMove is a move played, as told to the reply's reader.
type GistMove struct {
	Game string
	Turn int       // the turn it was played at, from 1
	By   tak.Color // who played it
	Name string    // the mover's name as the reader sees it
	You  bool      // the reader played it
	// The move in both notations and whether the reader reads Tak by
	// Mail's (words.MoveNames): the reader's first.
	PTN, Mail string
	InMail    bool
	// Line is the line of the reply's prose that tells the move, as
	// written: a layout that says the move its own way leaves it out.
	Line string
}

// GistTurn is whose turn it is in the reply's game.
type GistTurn struct {
	Turn   int       // the turn to play, from 1
	ToMove tak.Color // who plays it
	Name   string    // their name as the reader sees it
	You    bool      // the reader is to move
	Due    string    // the deadline as the reader's prose writes it ("" for none)
	// Line is the line of the reply's prose that says whose turn it is,
	// as written ("" in a gist stored before it was kept): a layout that
	// says it its own way leaves it out.
	Line string `json:",omitempty"`
}

// GistRuling is the referee's ruling on a disputed move.
type GistRuling struct {
	Legal bool
	// Verdict is the ruling in the reader's words and notation, in lower
	// case without a final stop: "the move is legal".
	Verdict string
}

// GistEnd is how the reply's game ended.
type GistEnd struct {
	Reason EndReason
	Draw   bool
	Winner tak.Color
	// Name is the winner's name as the reader sees it, "" where the reader
	// is told the colour alone (a spectator's last line).
	Name string
	You  bool // the reader won
	Lost bool // the reader played and lost
}
