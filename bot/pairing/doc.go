// Package pairing joins two identities of one player (their Discord
// account, their mail address) into one: "pair" gives the sender a
// one-time code; "pair CODE" sent from another identity joins the two:
// the identity that asked for the code becomes the primary, the other its
// alias; "unpair" separates them. It does not import the referee
// (package bot): Pair takes a Turn, which bot implements
// (bot/seam_challenge.go). The codes are community's.
//
// Why the code is the confirmation of both sides: the first identity
// confirms by asking for the code (a command that changes something, so
// an unverified mail cannot do it: the mail transport holds it until the
// sender confirms from their real mailbox); the code goes only to that
// identity, so the second identity proves, by sending it, that the same
// person holds both (and confirms by sending it). The code is random (40
// bits), works once, lasts community.CodeTTL, and a player's hourly
// message limit bounds guessing. The first identity is told at once, with
// "unpair" to undo it.
//
// What joining does: the alias's games move to the primary (their seat's
// key becomes the primary's, listed in the alias's Moved), so one game
// list serves both; the primary's settings, name and rating are the
// player's (the alias's stay in its record, unused, and come back at
// "unpair"). A message from the alias is handled as the primary's (bot's
// resolveSender); the answer goes back to the identity it came from, and
// events (an opponent's move, a reminder) go to the identity the player
// last wrote from (record.Player.Via; bot's route). "unpair", from either,
// moves the alias's games back; games begun while paired stay with the
// primary.
package pairing
