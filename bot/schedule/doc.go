// Package schedule computes the times of a player's recurring messages in
// the player's own time zone: it reads a time of day ("08:00", "8am") and
// an IANA zone name ("Europe/Berlin"), and finds the next instant a daily
// schedule fires, correctly across daylight-saving changes.
//
// The rules at a change of the clocks: a time of day that does not exist
// on a day (the hour skipped when clocks go forward) fires at the moment
// the clocks jump, the first minute after the gap; a time of day that
// occurs twice (the hour repeated when clocks go back) fires at its first
// occurrence only. Either way a daily schedule fires exactly once per
// local calendar day.
//
// It also reads what players write after "set digest" (ParseDaily) and
// "set remind" (ParseDuration).
//
// The package is pure: it reads no clock and no files beyond the zone
// database of package time (cmd/takbot embeds it with time/tzdata, so a
// machine without /usr/share/zoneinfo reads the same zones).
package schedule
