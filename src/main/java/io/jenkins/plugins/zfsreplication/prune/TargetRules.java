package io.jenkins.plugins.zfsreplication.prune;

import java.io.Serializable;
import java.time.Instant;

/**
 * The target's retention as the party that may change the target set it, for a target that
 * destroys on its own host what another host decided (zfsPrune with a target agent: the source's
 * agent decides, the target's agent destroys). That other host is trusted for nothing: with these
 * rules {@link DestroyGuard} judges the target's destroys by them alone, never by the rules, "now",
 * or dataset pairs the report carries, and keeps each target's newest snapshot of the naming.
 *
 * @param rules    the target's rules (the step's {@code keepTarget}, the prune grammar); null: no
 *                 rules, so nothing on the target may be destroyed
 * @param fixedNow the step's fixed "now"; null: this host's clock. The report's "now" is taken only
 *                 when it is earlier (an earlier "now" keeps more)
 */
public record TargetRules(String rules, Instant fixedNow) implements Serializable {
    private static final long serialVersionUID = 1L;

    public TargetRules {
        rules = rules == null || rules.isBlank() ? null : rules.strip();
        if (rules != null) {
            RetentionPolicy.parse(rules); // a bad spec fails here, on the host that set it
        }
    }

    /** The "now" the target's rules judge by: the report's, never later than {@code fixedNow} or {@code clock}. */
    Instant now(Instant reported, Instant clock) {
        Instant bound = fixedNow == null ? clock : fixedNow;
        return reported.isBefore(bound) ? reported : bound;
    }
}
