module github.com/takbymail/takbot

go 1.26.8
