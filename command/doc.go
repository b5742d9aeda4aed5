// Package command is takbot's command language: what players may send and
// how it reads, apart from what the referee does with it.
//
// It holds
//
//   - the one table of commands ([Commands], spec.go): each command's name
//     and aliases, its section of the reference ([Group]), syntax, summary,
//     examples and parameters ([Param]), what it can change ([Class], and
//     BareClass when written alone) and its policy ([Policy], policy.go:
//     who may run it, the [Assurance] it needs, whether it may reach a
//     stranger, to whom it [Shows] what it does); a limit the operator
//     configures appears in its texts as a placeholder, stated by
//     [CommandsWith] as configured ([Limits], limits.go);
//   - the reading of a message into commands ([ParseMessage], parse.go),
//     prose and moves declared in a sentence (prose.go), "did you mean"
//     for a mistyped keyword (suggest.go);
//   - the reading of the options of "new" against their rows
//     ([ReadNewOptions], options.go) and into a game's configuration and
//     start position ([ParseGameOptions], [GameOptions.Config],
//     gameoptions.go), and the names of the settings ([SettingNames]);
//   - what a command would do, in the referee's words, for a confirmation
//     request ([Command.InWords], inwords.go), and the cleaning of text
//     from outside it needs ([PlainText], [LinkLike]);
//   - the README's generated command reference and policy table
//     ([CommandReference], [PolicyReference]).
//
// The referee (package bot), its help, the README and Discord's slash
// commands all read the same table. This package imports nothing of
// takbot's but tak and notation (internal/archtest checks it): it sits
// below the referee. What a command does is the referee's: bot/handlers.go
// maps every name of the table to its handler, and the program stops at
// start when a command has no handler or a handler names no command.
//
// # Adding a command
//
// A new command ("stop", say) is a change in this package and one line in
// bot. Needed:
//
//  1. its spec in commandSpecs (spec.go), in the group and place the
//     reference should list it, with its Class (and BareClass if it only
//     shows something when written alone), syntax, summary, examples and
//     params (a parameter of kind ParamPlayer, ParamGame, … becomes a
//     Discord option by itself);
//  2. its policy in commandPolicies (policy.go): the table refuses to load
//     without one;
//  3. in bot, "stop": (*session).cmdStop in handlers (bot/handlers.go),
//     and the handler: bot refuses to start while a command of the table
//     has none.
//
// Where it applies: if its arguments have a fixed shape, say so in argsFit
// (parse.go), so that a sentence starting with its keyword stays prose; if
// it changes anything, say what it would do in fixedInWords or
// argsInWords (inwords.go), or a confirmation request calls it "the
// question stop".
//
// Then decide its class and policy in the tests that list every command
// (class_test.go, policy_test.go), and regenerate the README's sections:
//
//	go test ./command -run 'TestREADMECommands|TestREADMEPolicy' -update -update-policy
//
// and read the change.
package command
