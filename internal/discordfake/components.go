package discordfake

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// Component types (https://discord.com/developers/docs/components/reference).
const (
	ComponentActionRow         = 1
	ComponentButton            = 2
	ComponentStringSelect      = 3
	ComponentTextInput         = 4
	ComponentUserSelect        = 5
	ComponentRoleSelect        = 6
	ComponentMentionableSelect = 7
	ComponentChannelSelect     = 8
)

// Button styles.
const (
	ButtonPrimary   = 1
	ButtonSecondary = 2
	ButtonSuccess   = 3
	ButtonDanger    = 4
	ButtonLink      = 5
	ButtonPremium   = 6
)

// Component is a message or modal component as the bot sent it: an action
// row with its children, a button, a select menu or a text input.
type Component struct {
	Type        int             `json:"type"`
	CustomID    string          `json:"custom_id,omitempty"`
	Label       string          `json:"label,omitempty"`
	Style       int             `json:"style,omitempty"`
	URL         string          `json:"url,omitempty"`
	SKUID       string          `json:"sku_id,omitempty"`
	Disabled    bool            `json:"disabled,omitempty"`
	Emoji       json.RawMessage `json:"emoji,omitempty"`
	Placeholder string          `json:"placeholder,omitempty"`
	MinValues   *int            `json:"min_values,omitempty"`
	MaxValues   *int            `json:"max_values,omitempty"`
	Options     []SelectOption  `json:"options,omitempty"`
	Value       string          `json:"value,omitempty"`
	Required    *bool           `json:"required,omitempty"`
	MinLength   *int            `json:"min_length,omitempty"`
	MaxLength   *int            `json:"max_length,omitempty"`
	Components  []Component     `json:"components,omitempty"`
}

// SelectOption is one choice of a string select menu.
type SelectOption struct {
	Label       string          `json:"label"`
	Value       string          `json:"value"`
	Description string          `json:"description,omitempty"`
	Default     bool            `json:"default,omitempty"`
	Emoji       json.RawMessage `json:"emoji,omitempty"`
}

// Find returns the component with the custom ID, searching nested rows.
func Find(components []Component, customID string) (Component, bool) {
	for _, c := range components {
		if c.CustomID == customID && c.Type != ComponentActionRow {
			return c, true
		}
		if found, ok := Find(c.Components, customID); ok {
			return found, true
		}
	}
	return Component{}, false
}

// decodeComponents parses stored component JSON; entries that do not parse
// are left out (they were validated when stored).
func decodeComponents(raw []json.RawMessage) []Component {
	var out []Component
	for _, r := range raw {
		var c Component
		if json.Unmarshal(r, &c) == nil {
			out = append(out, c)
		}
	}
	return out
}

func isSelect(t int) bool {
	return t == ComponentStringSelect || (t >= ComponentUserSelect && t <= ComponentChannelSelect)
}

// checkMessageComponents applies Discord's limits on message components:
// at most 5 action rows, each holding 1 to 5 buttons or one select menu,
// unique custom IDs of at most 100 characters.
func checkMessageComponents(raw []json.RawMessage, prefix string, errs *formErrors) {
	if len(raw) > 5 {
		errs.add(prefix+"components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
	}
	seen := map[string]bool{}
	for i, r := range raw {
		var row Component
		path := fmt.Sprintf("%scomponents.%d", prefix, i)
		if err := json.Unmarshal(r, &row); err != nil {
			errs.add(path, "MODEL_TYPE_CONVERT", "Could not interpret the component.")
			continue
		}
		if row.Type != ComponentActionRow {
			errs.add(path+".type", "UNION_TYPE_CHOICES", "Top-level components must be action rows.")
			continue
		}
		checkActionRow(row, path, seen, errs)
	}
}

func checkActionRow(row Component, path string, seen map[string]bool, errs *formErrors) {
	n := len(row.Components)
	if n < 1 || n > 5 {
		errs.add(path+".components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
	}
	selects := 0
	for j, c := range row.Components {
		cpath := fmt.Sprintf("%s.components.%d", path, j)
		switch {
		case c.Type == ComponentButton:
			checkButton(c, cpath, seen, errs)
		case isSelect(c.Type):
			selects++
			checkSelect(c, cpath, seen, errs)
		case c.Type == ComponentTextInput:
			errs.add(cpath+".type", "COMPONENT_TYPE_INVALID", "Text inputs are only allowed in modals.")
		default:
			errs.add(cpath+".type", "UNION_TYPE_CHOICES", fmt.Sprintf("Component type %d is not allowed in an action row.", c.Type))
		}
	}
	if selects > 0 && n > 1 {
		errs.add(path+".components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select menu must be alone in its action row.")
	}
}

func checkCustomID(id, path string, seen map[string]bool, errs *formErrors) {
	n := utf8.RuneCountInString(id)
	switch {
	case n == 0:
		errs.add(path+".custom_id", "BASE_TYPE_REQUIRED", "This field is required")
	case n > 100:
		errs.add(path+".custom_id", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
	case seen[id]:
		errs.add(path+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
	}
	seen[id] = true
}

func checkButton(c Component, path string, seen map[string]bool, errs *formErrors) {
	if utf8.RuneCountInString(c.Label) > 80 {
		errs.add(path+".label", "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length.")
	}
	switch c.Style {
	case ButtonPrimary, ButtonSecondary, ButtonSuccess, ButtonDanger:
		checkCustomID(c.CustomID, path, seen, errs)
		if c.URL != "" {
			errs.add(path+".url", "BUTTON_COMPONENT_URL_NOT_ALLOWED", "A button with a custom id cannot have a url.")
		}
	case ButtonLink:
		if c.URL == "" {
			errs.add(path+".url", "BASE_TYPE_REQUIRED", "This field is required")
		}
		if c.CustomID != "" {
			errs.add(path+".custom_id", "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "A link button cannot have a custom id.")
		}
	case ButtonPremium:
		if c.SKUID == "" {
			errs.add(path+".sku_id", "BASE_TYPE_REQUIRED", "This field is required")
		}
	default:
		errs.add(path+".style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}.")
	}
	if c.Style != ButtonPremium && c.Label == "" && len(c.Emoji) == 0 {
		errs.add(path, "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A button needs a label or an emoji.")
	}
}

func checkSelect(c Component, path string, seen map[string]bool, errs *formErrors) {
	checkCustomID(c.CustomID, path, seen, errs)
	if utf8.RuneCountInString(c.Placeholder) > 150 {
		errs.add(path+".placeholder", "BASE_TYPE_MAX_LENGTH", "Must be 150 or fewer in length.")
	}
	if c.MinValues != nil && (*c.MinValues < 0 || *c.MinValues > 25) {
		errs.add(path+".min_values", "NUMBER_TYPE_MAX", "Must be between 0 and 25.")
	}
	if c.MaxValues != nil && (*c.MaxValues < 1 || *c.MaxValues > 25) {
		errs.add(path+".max_values", "NUMBER_TYPE_MAX", "Must be between 1 and 25.")
	}
	if c.Type != ComponentStringSelect {
		return
	}
	if len(c.Options) < 1 || len(c.Options) > 25 {
		errs.add(path+".options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
	}
	for k, o := range c.Options {
		opath := fmt.Sprintf("%s.options.%d", path, k)
		checkLength(o.Label, 1, 100, opath+".label", errs)
		checkLength(o.Value, 1, 100, opath+".value", errs)
		checkLength(o.Description, 0, 100, opath+".description", errs)
	}
}

// checkModal applies Discord's limits on a modal: custom ID, a title of at
// most 45 characters and 1 to 5 action rows of one text input each.
func checkModal(customID, title string, raw []json.RawMessage, errs *formErrors) []Component {
	seen := map[string]bool{}
	checkCustomID(customID, "data", seen, errs)
	checkLength(title, 1, 45, "data.title", errs)
	if len(raw) < 1 || len(raw) > 5 {
		errs.add("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
	}
	var inputs []Component
	for i, r := range raw {
		path := fmt.Sprintf("data.components.%d", i)
		var row Component
		if err := json.Unmarshal(r, &row); err != nil {
			errs.add(path, "MODEL_TYPE_CONVERT", "Could not interpret the component.")
			continue
		}
		if row.Type != ComponentActionRow || len(row.Components) != 1 || row.Components[0].Type != ComponentTextInput {
			errs.add(path, "UNION_TYPE_CHOICES", "A modal row must be an action row holding one text input.")
			continue
		}
		in := row.Components[0]
		ipath := path + ".components.0"
		checkCustomID(in.CustomID, ipath, seen, errs)
		checkLength(in.Label, 1, 45, ipath+".label", errs)
		if in.Style != 1 && in.Style != 2 {
			errs.add(ipath+".style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
		}
		if in.MinLength != nil && (*in.MinLength < 0 || *in.MinLength > 4000) {
			errs.add(ipath+".min_length", "NUMBER_TYPE_MAX", "Must be between 0 and 4000.")
		}
		if in.MaxLength != nil && (*in.MaxLength < 1 || *in.MaxLength > 4000) {
			errs.add(ipath+".max_length", "NUMBER_TYPE_MAX", "Must be between 1 and 4000.")
		}
		checkLength(in.Value, 0, 4000, ipath+".value", errs)
		checkLength(in.Placeholder, 0, 100, ipath+".placeholder", errs)
		inputs = append(inputs, in)
	}
	return inputs
}

// checkLength reports a string outside [min, max] characters.
func checkLength(s string, minLen, maxLen int, path string, errs *formErrors) {
	n := utf8.RuneCountInString(s)
	switch {
	case n < minLen && minLen == 1 && n == 0:
		errs.add(path, "BASE_TYPE_REQUIRED", "This field is required")
	case n < minLen || n > maxLen:
		errs.add(path, "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between %d and %d in length.", minLen, maxLen))
	}
}
