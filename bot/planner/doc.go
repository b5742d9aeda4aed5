// Package planner is the referee's side of plans (conditional moves,
// package bot/plan): the "plan" command ([Plan]: show, clear, make) and
// what a player's plans do when their opponent moves ([Answer]: play the
// planned answer, or drop the plans and say why). Its sentences are
// outcomes of package words (words/plans.go).
//
// It reaches the message being evaluated only through [Turn], which the
// referee's session implements (bot/seam_account.go); it never imports
// package bot. Answer is pure: the referee lands the answer it returns
// like any move.
package planner
