package io.jenkins.plugins.zfsreplication.transfer;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.zfs.Capabilities;

/** Keeps the requested options that both ends support and says of each dropped one why. */
public final class OptionResolver {
    private OptionResolver() {
    }

    /** The options in use and one log line per dropped option. */
    public record Resolved(Set<SendOption> used, List<String> dropped) {
        public Resolved {
            used = used.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(used));
            dropped = List.copyOf(dropped);
        }
    }

    public static Resolved resolve(Set<SendOption> requested, Capabilities source, Capabilities target) {
        Set<SendOption> used = EnumSet.noneOf(SendOption.class);
        List<String> dropped = new ArrayList<>();
        for (SendOption option : EnumSet.copyOf(requested.isEmpty() ? EnumSet.noneOf(SendOption.class) : requested)) {
            boolean sourceHas = !option.needsSource() || option.feature() == null || source.has(option.feature());
            boolean targetHas = !option.needsTarget() || option.feature() == null || target.has(option.feature());
            if (sourceHas && targetHas) {
                used.add(option);
                continue;
            }
            List<String> lacking = new ArrayList<>();
            if (!sourceHas) {
                lacking.add("source " + source.host());
            }
            if (!targetHas) {
                lacking.add("target " + target.host());
            }
            dropped.add(String.format("option %s (%s) dropped: %s has no %s", option.optionName(), option.flag(),
                    String.join(" and ", lacking), option.feature().name().toLowerCase(java.util.Locale.ROOT)));
        }
        return new Resolved(used, dropped);
    }
}
