package command

import (
	"fmt"
	"strings"
)

// The README's generated sections: the command reference and the policy
// table (readme_test.go keeps them in step with the table).

// CommandReference writes the command table as the README's Markdown
// tables, one per group, stating the default limits.
func CommandReference() string {
	var b strings.Builder
	for g := GroupStart; g <= GroupAlways; g++ {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "#### %s\n\n| command | what it does | example |\n|---|---|---|\n", g.Title())
		for _, c := range Commands() {
			if c.Group != g {
				continue
			}
			ex := ""
			if len(c.Examples) > 0 {
				ex = "`" + strings.ReplaceAll(c.Examples[0], "\n", "⏎") + "`"
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", strings.ReplaceAll(c.Syntax, "|", "\\|"), strings.ReplaceAll(c.Summary, "|", "\\|"), ex)
		}
	}
	b.WriteString("\nOptions of `new`:\n\n| option | default | meaning |\n|---|---|---|\n")
	for _, p := range NewOptions() {
		def := p.Default
		if def == "" {
			def = "the size's"
		}
		vals := ""
		if len(p.Choices) > 0 {
			vals = " (" + strings.Join(p.Choices, ", ") + ")"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s%s |\n", p.Name, def, p.Summary, vals)
	}
	return b.String()
}

// PolicyReference writes the policy of every command as the README's
// Markdown table, in the command table's order.
func PolicyReference() string {
	var b strings.Builder
	b.WriteString("| command | who may run it | assurance needed | may reach someone who never wrote | shows to |\n|---|---|---|---|---|\n")
	row := func(label string, p Policy) {
		reach := "no"
		if p.Strangers {
			reach = "yes"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", label, p.Who, p.Assurance, reach, p.Shows)
	}
	for _, c := range commandTable {
		names := "`" + c.Name + "`"
		for _, a := range c.Aliases {
			names += ", `" + a + "`"
		}
		if c.BarePolicy.Valid() {
			row(names+" alone", c.BarePolicy)
			row(names+" with arguments", c.Policy)
			continue
		}
		row(names, c.Policy)
	}
	return b.String()
}
