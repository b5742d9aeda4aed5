package discord

import (
	"os"
	"strings"
	"testing"
)

// README's Discord section lists the subcommands as registered: every
// one of /tak's as "`/tak NAME`", every one of /tak more's in the list
// under "`/tak more`", and none of those as a /tak subcommand of its own.
func TestREADMEListsSlashCommands(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	_, section, ok := strings.Cut(readme, "## Play on Discord")
	section, _, _ = strings.Cut(section, "\n## ")
	_, moreList, ok2 := strings.Cut(section, "- under `/"+rootCommand+" "+moreGroup+"`:")
	if !ok || !ok2 {
		t.Fatal("README has no Discord section with the list under /tak more")
	}
	moreList, _, _ = strings.Cut(moreList, "\n\n")
	cmds, err := SlashCommands()
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range cmds[0].Options {
		if o.Name != moreGroup {
			if !strings.Contains(section, "`/"+rootCommand+" "+o.Name+"`") {
				t.Errorf("README's Discord section does not list /%s %s", rootCommand, o.Name)
			}
			continue
		}
		for _, s := range o.Options {
			if !strings.Contains(moreList, "`"+s.Name+"`") {
				t.Errorf("README does not list %s under /%s %s", s.Name, rootCommand, moreGroup)
			}
			if strings.Contains(readme, "`/"+rootCommand+" "+s.Name+"`") || strings.Contains(readme, "`/"+rootCommand+" "+s.Name+" ") {
				t.Errorf("README names /%s %s, registered under /%s %s", rootCommand, s.Name, rootCommand, moreGroup)
			}
		}
	}
}
