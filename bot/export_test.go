package bot

// TakebackRule is the rule on taking moves back, for the README test.
const TakebackRule = takebackRule
