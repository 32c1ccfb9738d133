/** Units as users write them and logs print them: sizes in bytes, durations. */
package io.jenkins.plugins.zfsreplication.units;
