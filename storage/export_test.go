package storage

// SimulatedRecords lends the simulated games to the external tests.
var SimulatedRecords = simulatedRecords
