package io.jenkins.plugins.zfsreplication.prune;

/**
 * The rules one side of one dataset was judged by, and where they come from: prune-report.json's
 * {@code retention} and a line of the pruned plan.txt.
 *
 * @param dataset       the source dataset (where the properties are read)
 * @param targetDataset its target, null without one (local retention)
 * @param side          "source" or "target"
 * @param rules         the rules as written; null: none, nothing on this side is destroyed or dropped
 * @param origin        where the rules come from
 * @param setOn         for {@link Origin#PROPERTY}: the dataset the property is set on (the dataset itself
 *                      when set there, else the ancestor it is inherited from); null when not known
 * @param ignored       why the dataset's {@code zfs-replication:keep-*} value was not taken for rules (it
 *                      was received with a stream, or read from a source this host does not take target
 *                      rules from); null when there was none or it was taken
 */
public record EffectiveRule(String dataset, String targetDataset, String side, String rules, Origin origin,
                            String setOn, String ignored) implements java.io.Serializable {
    private static final long serialVersionUID = 2L;

    /** Where a side's rules come from. */
    public enum Origin {
        /** The command's (or the step's) rules. */
        COMMAND_LINE("command-line"),
        /** A {@code zfs-replication:keep-*} property of the dataset, set there or inherited. */
        PROPERTY("property"),
        /** No rules: nothing is destroyed on this side. */
        NONE("none");

        private final String jsonName;

        Origin(String jsonName) {
            this.jsonName = jsonName;
        }

        /** The name in prune-report.json: "command-line", "property", "none". */
        public String jsonName() {
            return jsonName;
        }
    }

    public EffectiveRule {
        java.util.Objects.requireNonNull(origin, "origin");
    }

    /** Rules nothing was ignored for. */
    public EffectiveRule(String dataset, String targetDataset, String side, String rules, Origin origin, String setOn) {
        this(dataset, targetDataset, side, rules, origin, setOn, null);
    }

    /** The property this side's rules are read from. */
    public String property() {
        return side.equals("source") ? RetentionProperties.KEEP_SOURCE : RetentionProperties.KEEP_TARGET;
    }

    /** Where the rules come from, for people: "command line", "zfs-replication:keep-target set on tank/data" ... */
    public String describeOrigin() {
        String described = switch (origin) {
            case COMMAND_LINE -> "command line";
            case PROPERTY -> property() + (setOn == null ? "" : setOn.equals(dataset) ? " set here"
                    : " inherited from " + setOn);
            case NONE -> "no rules: nothing destroyed";
        };
        return ignored == null ? described : described + "; " + property() + " ignored: " + ignored;
    }
}
