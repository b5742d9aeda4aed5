package bot_test

import (
	"os"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// TestREADMETakebackRule: help and the README state the same rule on
// taking moves back, word for word.
func TestREADMETakebackRule(t *testing.T) {
	raw, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), bot.TakebackRule) {
		t.Errorf("README.md does not state the takeback rule of help:\n%s", bot.TakebackRule)
	}
}
