package main

// The time zone database, embedded (about 450 kB) so that players' zones
// ("set digest daily 08:00 Europe/Berlin") read the same on a machine or
// container without /usr/share/zoneinfo; package time uses the system's
// database first when there is one.
import _ "time/tzdata"
