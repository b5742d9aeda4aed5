// Package community holds the rules of takbot's open challenges and of
// pairing two identities into one player, apart from the referee that
// applies them (bot/challenge, bot/pairing): whom a rating range admits,
// and the one-time pairing codes (command reads the range). It imports
// nothing of takbot's.
package community
