// Package news is what a player asked to hear of with "set news": new
// open challenges they may accept ("set news seeks"), new events open to
// sign-up ("set news events"), or both ("set news on"), at once or only
// in their daily digest ("set news seeks daily"; "set news now" undoes
// it). "set news off", and "stop" on mail, end it.
//
// Who hears: only a player with a record who asked, from a message sure
// enough of its sender (the "settings" policy: confirmed or strong), and
// who wrote to the bot (a stranger, who never did, is skipped at every
// notice). A seek is told to the subscribers its rating range admits,
// never to its seeker, naming the seeker as a public view may (the seek's
// label, as the lobbies read it); an event's announcement carries its
// public summary only, and a private event is never announced. Every
// notice ends with how to stop it (words.NewsStop).
//
// How many: at most PerDay notices a day at once per subscriber (the UTC
// day); beyond them, and for daily subscribers, the news waits for the
// subscriber's daily digest (bot/digest), which lists the seeks still
// open and the events; a subscriber without a digest gets no more that
// day ("seeks" lists them all).
//
// The state: the referee's key-value space [Space] holds an index of the
// subscribers ("sub/PLAYER", written in the transaction that changes
// their setting), the count of notices sent at once today ("sent/PLAYER":
// "2026-11-28 3", incremented inside the transaction that sends one) and
// the news held for the digest ("held/PLAYER/ID", deleted in the
// digest's transaction). Subscribers' records are only read, never
// written, by a notice, so a seek needs no lock of theirs; two seeks
// evaluated at the same instant may each send the last notice of a day.
//
// An event's announcement: the events' package (bot/event) calls
// news.AnnounceEvent(t, notice, private) with its Turn, which embeds
// news.Fan (bot's session implements it), when an event opens to
// sign-up; "event"'s policy shows to the public (command/policy.go).
//
// The package never imports package bot: its functions reach the message
// being evaluated through [Turn] and the interfaces built on it, which
// bot's session implements (bot/seam_news.go), and describe what they
// decided as outcomes of package words (words/news.go).
package news
