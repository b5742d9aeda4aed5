package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
	"github.com/takbymail/takbot/outbox"
)

// Discord's JSON error codes the transport acts on
// (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
const (
	codeUnknownChannel      = 10003
	codeUnknownMember       = 10007
	codeUnknownMessage      = 10008
	codeUnknownWebhook      = 10015
	codeUnknownInteraction  = 10062
	codeMissingAccess       = 50001
	codeCannotMessageUser   = 50007
	codeMissingPermissions  = 50013
	codeInvalidWebhookToken = 50027
	codeThreadArchived      = 50083
)

// apiFailure is what Discord answered to a failed request: the HTTP
// status and Discord's error code (0 when it sent none, and status 0 when
// no answer came at all).
type apiFailure struct {
	Status int
	Code   int
}

// failureOf reads a discordgo error.
func failureOf(err error) apiFailure {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		f := apiFailure{}
		if re.Response != nil {
			f.Status = re.Response.StatusCode
		}
		if re.Message != nil {
			f.Code = re.Message.Code
		}
		return f
	}
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		return apiFailure{Status: http.StatusTooManyRequests}
	}
	return apiFailure{}
}

func httpStatus(err error) int { return failureOf(err).Status }

func hasCode(err error, code int) bool { return failureOf(err).Code == code }

// errPermission is a permission the bot lacks in a channel.
type errPermission struct {
	Missing string // the permission(s), as the server settings name them
	Channel string // the channel, as "#name (id)"
	Err     error
}

func (e *errPermission) Error() string {
	return fmt.Sprintf("the bot lacks the %s permission in %s", e.Missing, e.Channel)
}

func (e *errPermission) Unwrap() error { return e.Err }

// deliveryError turns the failure of a Discord call into what the
// delivery pipeline expects: temporary for failures that pass (no answer,
// 5xx, a rate limit discordgo did not wait out), permanent for every other
// refusal, so that a 4xx is never sent again and again.
func deliveryError(err error, what string) error {
	if err == nil {
		return nil
	}
	var de *outbox.DeliveryError
	if errors.As(err, &de) {
		return err
	}
	var pe *errPermission
	if errors.As(err, &pe) {
		return outbox.Permanent(pe.Error(), err)
	}
	f := failureOf(err)
	var rl *discordgo.RateLimitError
	switch {
	case errors.As(err, &rl) && rl.RateLimit != nil && rl.TooManyRequests != nil:
		return outbox.Temporary(fmt.Errorf("discord: %s: %w", what, err), rl.RetryAfter)
	case f.Status == 0, f.Status >= 500, f.Status == http.StatusTooManyRequests, f.Status == http.StatusRequestTimeout:
		return outbox.Temporary(fmt.Errorf("discord: %s: %w", what, err), 0)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return outbox.Temporary(fmt.Errorf("discord: %s: %w", what, err), 0)
	}
	reason := "Discord refused it"
	switch f.Code {
	case codeCannotMessageUser:
		reason = "Discord refuses direct messages to this user"
	case codeMissingAccess:
		reason = "the bot cannot see the channel"
	case codeMissingPermissions:
		reason = "the bot lacks a permission in the channel"
	case codeUnknownChannel:
		reason = "the channel no longer exists"
	}
	return outbox.Permanent(reason, fmt.Errorf("discord: %s: %w", what, err))
}
