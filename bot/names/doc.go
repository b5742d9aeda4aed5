// Package names decides which display names other players may be shown:
// [Clean] removes control and format characters, normalises a name by the
// PRECIS Nickname profile and refuses names that hold a link or an
// address, mix scripts ([MixedScript]) or imitate the referee, also with
// look-alike characters ([Reserved], by UTS #39's confusable skeletons).
// It is pure: no session, no store. The referee (package bot) cleans the
// names the transports give with it before any player reads them.
package names
