package bot

import "github.com/takbymail/takbot/bot/news"

// The session is what bot/news asks of a message (news.Fan, for the
// events' announcement too: news.AnnounceEvent) and of a digest.
var (
	_ news.Fan    = (*session)(nil)
	_ news.Digest = (*session)(nil)
)
