package command

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The options of "new" as written: "key=value" words, read against the
// option table (newOptions, spec.go). Reading an option checks what the
// table says of it (a known name, given once, a whole number within its
// bounds, one of its choices); what a value means for a game (a komi, a
// scoring, a rating range, a start position) is ParseGameOptions's
// (gameoptions.go).

// Option is one option of "new", read and checked against its row.
type Option struct {
	Param Param
	// Value is the value as written, in lower case, except a tps's, which
	// keeps its case and its spaces ("x5/x5/x5/x5/x5 1 1"). A choice is one
	// of Param.Choices ("noswap" is read as "no-swap").
	Value string
	// N is a ParamInteger's number.
	N int
}

// OptionReason says what is wrong with an option.
type OptionReason uint8

// The reasons of an OptionError.
const (
	OptionNotKeyValue OptionReason = iota + 1 // a word that is not key=value
	OptionUnknown                             // a key of no option
	OptionTwice                               // an option given twice
	OptionOutOfRange                          // an integer that is none, or out of bounds
	OptionNotAChoice                          // a value that is none of the choices
)

// OptionError is an option that cannot be read; Error says why, in words
// for the sender.
type OptionError struct {
	Reason OptionReason
	Option string // the option's name (or the word, for OptionNotKeyValue)
	msg    string
}

// Error says why, in words for the sender.
func (e *OptionError) Error() string { return e.msg }

func optionError(r OptionReason, name, format string, args ...any) *OptionError {
	return &OptionError{Reason: r, Option: name, msg: fmt.Sprintf(format, args...)}
}

// optionAliases are other spellings of option names.
var optionAliases = map[string]string{"colour": "color", "flats": "stones", "capstones": "caps"}

// ReadNewOptions reads the "key=value" options of "new" in order and hands
// each, checked, to use; it stops at the first error, an *OptionError or
// use's own, so that the sender hears of the first wrong option as
// written.
func ReadNewOptions(args []string, use func(Option) error) error {
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if tps, n, ok := tpsOption(args[i:]); ok { // keeps its case and spaces
			a, i = "tps="+tps, i+n-1
		}
		k, v, ok := strings.Cut(strings.ToLower(a), "=")
		if !ok {
			return optionError(OptionNotKeyValue, Excerpt(a, QuoteRunes), "option %q should be written key=value, e.g. size=6", Excerpt(a, QuoteRunes))
		}
		if alias, ok := optionAliases[k]; ok {
			k = alias
		}
		row := slices.IndexFunc(newOptions, func(p Param) bool { return p.Name == k })
		if row < 0 {
			var names []string
			for _, q := range newOptions {
				names = append(names, q.Name)
			}
			return optionError(OptionUnknown, Excerpt(k, 20), "unknown option %q: the options are %s", Excerpt(k, 20), joinAnd(names))
		}
		if seen[k] {
			return optionError(OptionTwice, k, "option %s is given twice; give it once", k)
		}
		seen[k] = true
		if k == "tps" {
			_, v, _ = strings.Cut(a, "=")
		}
		o, err := checkOption(newOptions[row], v)
		if err != nil {
			return err
		}
		if err := use(o); err != nil {
			return err
		}
	}
	return nil
}

// checkOption checks a value against what its row says: an integer within
// its bounds, one of its choices. Other kinds are the referee's to read.
func checkOption(p Param, v string) (Option, error) {
	o := Option{Param: p, Value: v}
	switch p.Kind {
	case ParamInteger:
		n, err := strconv.Atoi(v)
		if err != nil || n < p.Min || n > p.Max {
			return o, optionError(OptionOutOfRange, p.Name, "%s must be a whole number from %d to %d, not %q", p.Name, p.Min, p.Max, Excerpt(v, 20))
		}
		o.N = n
	case ParamChoice:
		if v == "noswap" {
			v = "no-swap"
		}
		if !slices.Contains(p.Choices, v) {
			return o, optionError(OptionNotAChoice, p.Name, "%s must be %s, not %q (%s)", p.Name, joinOr(p.Choices), Excerpt(v, 20), p.Summary)
		}
		o.Value = v
	}
	return o, nil
}

// tpsOption reads a tps= option at the start of args, which may run over
// three words ("tps=x5/x5/x5/x5/x5 1 1", quoted or not) and keeps its
// case; it returns the TPS, how many words it took, and whether args
// starts with one.
func tpsOption(args []string) (string, int, bool) {
	if len(args) == 0 || len(args[0]) < 4 || !strings.EqualFold(args[0][:4], "tps=") {
		return "", 0, false
	}
	unquote := func(w string) string { return strings.Trim(w, "\"'“”") }
	words := strings.Fields(unquote(args[0][4:]))
	n := 1
	for ; n < len(args) && len(words) < 3 && isDigits(unquote(args[n])); n++ {
		words = append(words, unquote(args[n]))
	}
	return strings.Join(words, " "), n, true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// joinAnd joins "a", "a and b", "a, b and c" (as the referee's replies do).
func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// joinOr joins "a", "a or b", "a, b or c".
func joinOr(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}
