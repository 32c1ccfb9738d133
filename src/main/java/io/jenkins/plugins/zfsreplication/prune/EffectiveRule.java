package io.jenkins.plugins.zfsreplication.prune;

/**
 * The rules one side of one dataset was judged by, and where they come from: prune-report.json's
 * {@code retention} and a line of the pruned plan.txt.
 *
 * @param dataset       the source dataset (where the properties are read)
 * @param targetDataset its target, null without one (local retention)
 * @param side          "source" or "target"
 * @param rules         the rules as written; null: none, nothing on this side is destroyed or dropped
 * @param origin        {@link #COMMAND_LINE}, {@link #PROPERTY} or {@link #NONE}
 * @param setOn         for {@link #PROPERTY}: the dataset the property is set on (the dataset itself
 *                      when set there, else the ancestor it is inherited from); null when not known
 * @param ignored       why the dataset's {@code zfs-replication:keep-*} value was not taken for rules (it
 *                      was received with a stream, or read from a source this host does not take target
 *                      rules from); null when there was none or it was taken
 */
public record EffectiveRule(String dataset, String targetDataset, String side, String rules, String origin,
                            String setOn, String ignored) implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    /** The command's (or the step's) rules. */
    public static final String COMMAND_LINE = "command-line";
    /** A {@code zfs-replication:keep-*} property of the dataset, set there or inherited. */
    public static final String PROPERTY = "property";
    /** No rules: nothing is destroyed on this side. */
    public static final String NONE = "none";

    /** Rules nothing was ignored for. */
    public EffectiveRule(String dataset, String targetDataset, String side, String rules, String origin, String setOn) {
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
            default -> "no rules: nothing destroyed";
        };
        return ignored == null ? described : described + "; " + property() + " ignored: " + ignored;
    }
}
