// Package versus is takbot as an opponent, as the referee sees it: the
// engine's levels (1 to MaxLevel, DefaultLevel when none is named), the
// word that names it after "new" ([Named]), its address on its own
// transport ([ParseAddress]), the limit of MaxEngineGames games against it
// in progress at once ([ActiveGames]) and its exemption from the hourly
// message limit ([RateLimit]). "new takbot [options]" itself, which starts
// an unrated game against the engine at once, is package bot/challenge's,
// which asks this package through its Turn. The engine plays on a
// transport of its own (package opponent), answering through the referee
// like any player. It imports nothing of bot's and declares what it needs
// of the message being evaluated ([Turn], implemented by bot's session).
package versus
