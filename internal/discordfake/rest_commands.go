package discordfake

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// commandScopeLocked checks the application and guild of a commands route
// and returns the guild ID ("" for global commands).
func (s *Server) commandScopeLocked(c *call) (string, error) {
	if c.param("application") != s.appID {
		return "", errMissingAccess()
	}
	guildID := c.param("guild")
	if guildID != "" {
		if _, ok := s.guilds[guildID]; !ok {
			return "", errMissingAccess()
		}
	}
	return guildID, nil
}

// handleBulkOverwriteCommands is PUT /applications/{app}/commands and
// PUT /applications/{app}/guilds/{guild}/commands.
func (s *Server) handleBulkOverwriteCommands(c *call) (response, error) {
	guildID, err := s.commandScopeLocked(c)
	if err != nil {
		return response{}, err
	}
	var list []commandInput
	if err := json.Unmarshal(c.body, &list); err != nil {
		c.errs.kind = InvalidCommand
		c.errs.add("", "BASE_TYPE_ARRAY", "The body must be an array of application commands: "+err.Error())
		return response{}, c.formFailure()
	}
	checkCommands(list, &c.errs)
	if !c.errs.ok() {
		return response{}, c.formFailure()
	}
	kept := s.commands[:0:0]
	old := map[string]*Command{}
	for _, cmd := range s.commands {
		if cmd.GuildID == guildID {
			old[strconv.Itoa(cmd.Type)+"/"+cmd.Name] = cmd
		} else {
			kept = append(kept, cmd)
		}
	}
	out := []Command{}
	for _, in := range list {
		cmd := s.newCommandLocked(in, guildID)
		if prev, ok := old[strconv.Itoa(cmd.Type)+"/"+cmd.Name]; ok {
			cmd.ID = prev.ID
		}
		kept = append(kept, cmd)
		out = append(out, cloneCommand(cmd))
	}
	s.commands = kept
	return ok(out), nil
}

// newCommandLocked turns a checked definition into a registered command.
func (s *Server) newCommandLocked(in commandInput, guildID string) *Command {
	now := s.clock.Now()
	cmd := &Command{ID: s.ids.next(now), ApplicationID: s.appID, GuildID: guildID, Version: s.ids.next(now),
		Type: in.commandType(), Name: in.Name, Description: in.Description, Options: cloneOptions(in.Options),
		Contexts: in.Contexts, NSFW: in.NSFW}
	if raw := bytes.TrimSpace(in.DefaultMemberPermissions); len(raw) > 0 && string(raw) != "null" {
		perms := strings.Trim(string(raw), `"`)
		cmd.DefaultMemberPermissions = &perms
	}
	if guildID == "" {
		allowed := true
		if in.DMPermission != nil {
			allowed = *in.DMPermission
		}
		cmd.DMPermission = &allowed
	}
	return cmd
}

// handleCreateCommand is POST .../commands: create or replace one command.
func (s *Server) handleCreateCommand(c *call) (response, error) {
	guildID, err := s.commandScopeLocked(c)
	if err != nil {
		return response{}, err
	}
	var in commandInput
	if err := json.Unmarshal(c.body, &in); err != nil {
		c.errs.kind = InvalidCommand
		c.errs.add("", "MODEL_TYPE_CONVERT", "The body must be an application command: "+err.Error())
		return response{}, c.formFailure()
	}
	checkCommand(in, "", &c.errs)
	if !c.errs.ok() {
		return response{}, c.formFailure()
	}
	cmd := s.newCommandLocked(in, guildID)
	status := http.StatusCreated
	for i, prev := range s.commands {
		if prev.GuildID == guildID && prev.Type == cmd.Type && prev.Name == cmd.Name {
			cmd.ID = prev.ID
			s.commands[i] = cmd
			status = http.StatusOK
			return response{status: status, body: cloneCommand(cmd)}, nil
		}
	}
	s.commands = append(s.commands, cmd)
	return response{status: status, body: cloneCommand(cmd)}, nil
}

// handleListCommands is GET .../commands.
func (s *Server) handleListCommands(c *call) (response, error) {
	guildID, err := s.commandScopeLocked(c)
	if err != nil {
		return response{}, err
	}
	out := []Command{}
	for _, cmd := range s.commands {
		if cmd.GuildID == guildID {
			out = append(out, cloneCommand(cmd))
		}
	}
	return ok(out), nil
}

// commandIndexLocked finds the command of a .../commands/{command} route.
func (s *Server) commandIndexLocked(c *call) (int, error) {
	guildID, err := s.commandScopeLocked(c)
	if err != nil {
		return 0, err
	}
	for i, cmd := range s.commands {
		if cmd.GuildID == guildID && cmd.ID == c.param("command") {
			return i, nil
		}
	}
	return 0, errUnknownCommand()
}

// handleGetCommand is GET .../commands/{command}.
func (s *Server) handleGetCommand(c *call) (response, error) {
	i, err := s.commandIndexLocked(c)
	if err != nil {
		return response{}, err
	}
	return ok(cloneCommand(s.commands[i])), nil
}

// handleDeleteCommand is DELETE .../commands/{command}.
func (s *Server) handleDeleteCommand(c *call) (response, error) {
	i, err := s.commandIndexLocked(c)
	if err != nil {
		return response{}, err
	}
	s.commands = append(s.commands[:i], s.commands[i+1:]...)
	return noContent(), nil
}
