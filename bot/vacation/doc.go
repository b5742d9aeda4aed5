// Package vacation is "vacation DAYS": the sender's clocks stop for DAYS
// days in every game they play, within an allowance of 60 days in any
// 365. It never imports package bot: [Take] reaches the message being
// evaluated through [Turn], which bot's session implements
// (bot/seam_standing.go), and describes what it decided as outcomes of
// package words (words.VacationTaken, words.ClockStopped, a
// words.Refusal).
package vacation
