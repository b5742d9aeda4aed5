// Package discord is takbot's Discord transport: correspondence games of
// Tak played with slash commands, buttons and (optionally) plain text, a
// thread per game, on the referee's transport seam (package bot), with
// github.com/bwmarrin/discordgo.
//
// The design choices are explained in this package's documentation
// sections below; SETUP.md is the guide for a server admin.
package discord
