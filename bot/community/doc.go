// Package community holds the rules of takbot's open challenges and of
// pairing two identities into one player, apart from the referee that
// applies them (package bot: seek.go, pair.go): reading a rating range
// and deciding whom it admits, and the one-time pairing codes. It imports
// nothing of takbot's.
package community
