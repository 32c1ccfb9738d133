package io.jenkins.plugins.zfsreplication.prune;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.PropertyOrigins;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * Per-dataset retention from user properties of the source datasets: {@value #KEEP_SOURCE} and
 * {@value #KEEP_TARGET} hold rules in {@link RetentionPolicy}'s syntax and replace the command's
 * rules for that side wherever they are set, inherited as ZFS inherits them (a value set on a
 * dataset applies to its subtree, a child's own value wins). The values come from the source's
 * listing (ZFS resolves the inheritance there); where they are set from {@link PropertyOrigins}.
 * Both are read on the source: the policy lives with the data and its selection
 * ({@code zfs-replication:backup}), and a target that does not exist yet has none.
 */
final class RetentionProperties {
    static final String KEEP_SOURCE = "zfs-replication:keep-source";
    static final String KEEP_TARGET = "zfs-replication:keep-target";
    /** Why a remote source's keep-target is not taken unless the backup side asks for it. */
    static final String UNTRUSTED_SOURCE = "read on the source, another host, which decides no target destroys"
            + " here unless asked to (--trust-source-keep-target)";
    /** What the source's listing asks for so that the properties are known. */
    static final List<String> PROPERTIES = List.of(KEEP_SOURCE, KEEP_TARGET);

    private RetentionProperties() {
    }

    /** One dataset's rules per side (null: none) and how the report shows them. */
    record DatasetRules(RetentionPolicy source, RetentionPolicy target, List<EffectiveRule> shown) {
        DatasetRules {
            shown = List.copyOf(shown);
        }
    }

    /** True when some listed dataset has either property: only then is it worth asking where they are set. */
    static boolean anySet(Listing source) {
        return source.datasets().stream().anyMatch(d -> PROPERTIES.stream().anyMatch(p -> d.property(p).isPresent()));
    }

    /**
     * The rules of every one of {@code datasets}, all of them parsed before anything is decided.
     *
     * @param withTarget false for retention without a target: {@value #KEEP_TARGET} is not read
     * @throws RetentionPropertyException naming the first dataset whose property is not rules
     */
    static Map<DatasetName, DatasetRules> resolve(List<DatasetPlan> datasets, Listing source, PropertyOrigins origins,
                                                  PruneOptions options, boolean withTarget) {
        return resolve(datasets, source, origins, options, withTarget, true);
    }

    /**
     * @param targetTrusted false where the source is another host this one does not take target rules
     *                      from: its {@value #KEEP_TARGET} is then ignored (the command's rules apply)
     */
    static Map<DatasetName, DatasetRules> resolve(List<DatasetPlan> datasets, Listing source, PropertyOrigins origins,
                                                  PruneOptions options, boolean withTarget, boolean targetTrusted) {
        Map<String, RetentionPolicy> parsed = new HashMap<>(); // a value set on a parent is parsed once for its subtree
        Map<DatasetName, DatasetRules> rules = new HashMap<>();
        for (DatasetPlan dataset : datasets) {
            ZfsObject listed = source.find(dataset.source().name()).filter(ZfsObject::isDataset).orElse(null);
            List<EffectiveRule> shown = new ArrayList<>();
            String target = withTarget ? dataset.target().name() : null;
            Lookup lookup = new Lookup(dataset, target, listed, origins, parsed, shown);
            RetentionPolicy sourceRules = lookup.side("source", options.sourceRules(), null);
            RetentionPolicy targetRules = withTarget
                    ? lookup.side("target", options.targetRules(), targetTrusted ? null : UNTRUSTED_SOURCE) : null;
            rules.put(dataset.source(), new DatasetRules(sourceRules, targetRules, shown));
        }
        return rules;
    }

    /**
     * One dataset's properties as listed, where they are set, the values already parsed, and the
     * rules shown so far.
     */
    private record Lookup(DatasetPlan dataset, String target, ZfsObject listed, PropertyOrigins origins,
                          Map<String, RetentionPolicy> parsed, List<EffectiveRule> shown) {
        /**
         * @param distrust why this side's property is not taken from this source at all; null when it may be
         */
        private RetentionPolicy side(String side, RetentionPolicy command, String distrust) {
            String property = side.equals("source") ? KEEP_SOURCE : KEEP_TARGET;
            String value = listed == null ? null : listed.property(property).orElse(null);
            String name = dataset.source().name();
            String setOn = value == null ? null : origins.origin(dataset.source(), property).map(DatasetName::name)
                    .orElse(null);
            String ignored = value == null ? null : origins.isReceived(dataset.source(), property)
                    ? String.format("received with a stream on %s: another host's rules, never this one's", setOn)
                    : distrust;
            if (value == null || ignored != null) {
                shown.add(new EffectiveRule(name, target, side, command == null ? null : command.spec(),
                        command == null ? EffectiveRule.Origin.NONE : EffectiveRule.Origin.COMMAND_LINE, null, ignored));
                return command;
            }
            EffectiveRule rule = new EffectiveRule(name, target, side, value, EffectiveRule.Origin.PROPERTY, setOn);
            RetentionPolicy policy = parsed.get(value);
            if (policy == null) {
                try {
                    policy = RetentionPolicy.parse(value);
                } catch (RetentionSyntaxException e) {
                    throw new RetentionPropertyException(property, name, setOn == null ? "as listed"
                            : setOn.equals(name) ? "set there" : "inherited from " + setOn, e.getMessage());
                }
                parsed.put(value, policy);
            }
            shown.add(rule);
            return policy;
        }
    }
}
