module github.com/takbymail/takbot

go 1.26.8

require (
	github.com/bwmarrin/discordgo v0.29.0
	github.com/gorilla/websocket v1.4.2
	go.etcd.io/bbolt v1.4.3
	go.yaml.in/yaml/v3 v3.0.4
	golang.org/x/image v0.47.0
)

require (
	golang.org/x/crypto v0.0.0-20210421170649-83a5a9bb288b // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
