package io.jenkins.plugins.zfsreplication.cli;

import java.beans.Introspector;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jenkinsci.Symbol;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStep;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The reference pages, generated: docs/reference/cli.md from the picocli model (every command, its
 * options, and the night's config keys), docs/reference/steps.md from the Pipeline steps' classes
 * (their {@code @DataBoundConstructor} parameters and {@code @DataBoundSetter}s, read by reflection,
 * with the help text beside each step's form). {@code ReferenceDocsTest} holds the files in the
 * repository to this output; {@code -Dzfsr.write-reference=true} writes them.
 */
final class ReferenceDocs {
    private static final String STEPS = "io.jenkins.plugins.zfsreplication.steps";

    /** One parameter of a Pipeline step. */
    record StepParameter(String name, String type, boolean required, String help) {
    }

    /** A Pipeline step: its symbol, its class, its parameters in name order (required ones first). */
    record Step(String symbol, Class<?> type, List<StepParameter> parameters) {
    }

    private ReferenceDocs() {
    }

    static String cli() {
        StringBuilder md = new StringBuilder("# Command-line reference\n\n");
        md.append("Generated from the command line's own model (a test keeps it current; the same text as\n"
                + "`zfs-replication help COMMAND` and `man zfs-replication-COMMAND`). Which Jenkins step parameter goes\n"
                + "with which option: [counterparts.md](counterparts.md).\n\n");
        List<CommandLine> commands = new ArrayList<>();
        collect(PackageFiles.model(), commands);
        for (CommandLine line : commands) {
            md.append("- [`").append(line.getCommandSpec().qualifiedName()).append("`](#")
                    .append(anchor(line.getCommandSpec())).append(")\n");
        }
        for (CommandLine line : commands) {
            command(line, md);
        }
        nightKeys(md);
        return md.toString();
    }

    private static void collect(CommandLine line, List<CommandLine> into) {
        if (!(line.getCommand() instanceof HelpCommand)) {
            into.add(line);
        }
        line.getSubcommands().values().forEach(sub -> collect(sub, into));
    }

    private static String anchor(CommandSpec spec) {
        return spec.qualifiedName().replace(' ', '-');
    }

    private static void command(CommandLine line, StringBuilder md) {
        CommandSpec spec = line.getCommandSpec();
        md.append("\n## ").append(spec.qualifiedName()).append("\n\n");
        for (String paragraph : spec.usageMessage().description()) {
            md.append(paragraph).append("\n\n");
        }
        md.append("```\n").append(line.getHelp().synopsis(0).strip()).append("\n```\n\n");
        if (spec.positionalParameters().isEmpty() && spec.options().isEmpty()) {
            return;
        }
        md.append("| option | meaning | default |\n| --- | --- | --- |\n");
        for (PositionalParamSpec parameter : spec.positionalParameters()) {
            md.append("| `").append(parameter.paramLabel()).append("` | ").append(cell(String.join(" ", parameter.description())))
                    .append(" | |\n");
        }
        for (OptionSpec option : spec.options()) {
            String label = option.arity().max() == 0 ? "" : " " + option.paramLabel();
            String defaultValue = option.defaultValue() == null ? "" : "`" + option.defaultValue() + "`";
            md.append("| `").append(String.join("`, `", option.names())).append(label).append("` | ")
                    .append(cell(String.join(" ", option.description()))).append(" | ").append(defaultValue).append(" |\n");
        }
    }

    private static void nightKeys(StringBuilder md) {
        md.append("\n## night.conf\n\n`zfs-replication night` reads `KEY = VALUE` lines (`#` starts a comment). A key is the"
                + " option it stands for, without its dashes; it goes to the stages named. yes/no keys are flags; a"
                + " repeatable key may be given on several lines. The default is what the night does when the file does"
                + " not give the key.\n\n| key | option | stages | kind | default |\n| --- | --- | --- | --- | --- |\n");
        new TreeMap<>(NightConfig.KEYS).forEach((key, spec) -> md.append("| `").append(key).append("` | ")
                .append(spec.option() == null ? (spec.kind() == NightConfig.Kind.WORDS ? "`SOURCE...`" : "the night's own")
                        : "`" + spec.option() + "`")
                .append(" | ").append(String.join(", ", new java.util.TreeSet<>(spec.stages())))
                .append(" | ").append(spec.kind().name().toLowerCase(java.util.Locale.ROOT))
                .append(" | ").append(cell(spec.byDefault())).append(" |\n"));
    }

    static String steps() {
        StringBuilder md = new StringBuilder("# Pipeline step reference\n\n");
        md.append("Generated from the steps' classes (a test keeps it current): each parameter as a Pipeline\n"
                + "script names it, and the help its form shows. Each step is also a freestyle build step with the same\n"
                + "options. The command-line option that goes with each: [counterparts.md](counterparts.md).\n\n");
        for (Step step : steps(ReferenceDocs.class.getClassLoader())) {
            md.append("- [`").append(step.symbol()).append("`](#").append(step.symbol().toLowerCase(java.util.Locale.ROOT))
                    .append(")\n");
        }
        for (Step step : steps(ReferenceDocs.class.getClassLoader())) {
            md.append("\n## ").append(step.symbol()).append("\n\n| parameter | type | required | meaning |\n| --- | --- | --- | --- |\n");
            table(md, step.parameters());
            for (Method method : step.type().getMethods()) {
                Class<?> base = method.isAnnotationPresent(DataBoundSetter.class) ? method.getParameterTypes()[0] : Object.class;
                if (Modifier.isAbstract(base.getModifiers()) && base.getName().startsWith(STEPS)) {
                    choices(md, Introspector.decapitalize(method.getName().substring(3)), base);
                }
            }
        }
        return md.toString();
    }

    private static void table(StringBuilder md, List<StepParameter> parameters) {
        for (StepParameter parameter : parameters) {
            md.append("| `").append(parameter.name()).append("` | ").append(parameter.type()).append(" | ")
                    .append(parameter.required() ? "yes" : "").append(" | ").append(cell(parameter.help())).append(" |\n");
        }
    }

    /** A parameter that takes one of several objects: each choice with a symbol, as Pipeline writes it, and its parameters. */
    private static void choices(StringBuilder md, String parameter, Class<?> base) {
        Map<String, Class<?>> bySymbol = new TreeMap<>();
        for (JavaClass found : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(base.getPackageName())) {
            if (found.isAssignableTo(base) && !found.getName().equals(base.getName())) {
                try {
                    Class<?> type = Class.forName(found.getName(), false, base.getClassLoader());
                    symbolOf(type).ifPresent(symbol -> bySymbol.put(symbol, type));
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        bySymbol.forEach((symbol, type) -> {
            List<StepParameter> parameters = parameters(type);
            md.append("\n### `").append(parameter).append(": ").append(symbol).append("(")
                    .append(String.join(", ", parameters.stream().map(p -> p.name() + ": …").toList())).append(")`\n");
            if (!parameters.isEmpty()) {
                md.append("\n| parameter | type | required | meaning |\n| --- | --- | --- | --- |\n");
                table(md, parameters);
            }
        });
    }

    private static java.util.Optional<String> symbolOf(Class<?> type) {
        for (Class<?> nested : type.getDeclaredClasses()) {
            Symbol symbol = nested.getAnnotation(Symbol.class);
            if (symbol != null) {
                return java.util.Optional.of(symbol.value()[0]);
            }
        }
        return java.util.Optional.empty();
    }

    /** Every Pipeline step of the plugin, by symbol, found among the classes of the steps packages. */
    static List<Step> steps(ClassLoader loader) {
        List<Step> steps = new ArrayList<>();
        for (JavaClass found : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(STEPS)) {
            if (!found.isAssignableTo(ZfsStep.class) || found.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.ABSTRACT)) {
                continue;
            }
            Class<?> type;
            try {
                type = Class.forName(found.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            steps.add(new Step(symbol(type), type, parameters(type)));
        }
        steps.sort(Comparator.comparing(Step::symbol));
        return steps;
    }

    private static String symbol(Class<?> type) {
        for (Class<?> nested : type.getDeclaredClasses()) {
            Symbol symbol = nested.getAnnotation(Symbol.class);
            if (symbol != null) {
                return symbol.value()[0];
            }
        }
        throw new IllegalStateException(type + " has no descriptor with a @Symbol");
    }

    private static List<StepParameter> parameters(Class<?> type) {
        Map<String, StepParameter> parameters = new TreeMap<>();
        List<StepParameter> required = new ArrayList<>();
        for (Constructor<?> constructor : type.getConstructors()) {
            if (constructor.isAnnotationPresent(DataBoundConstructor.class)) {
                for (Parameter parameter : constructor.getParameters()) {
                    required.add(new StepParameter(parameter.getName(), parameter.getType().getSimpleName(), true,
                            help(type, parameter.getName())));
                }
            }
        }
        for (Method method : type.getMethods()) {
            if (method.isAnnotationPresent(DataBoundSetter.class) && Modifier.isPublic(method.getModifiers())) {
                String name = Introspector.decapitalize(method.getName().substring(3));
                parameters.put(name, new StepParameter(name, method.getParameterTypes()[0].getSimpleName(), false,
                        help(type, name)));
            }
        }
        List<StepParameter> all = new ArrayList<>(required);
        all.addAll(parameters.values());
        return all;
    }

    /** The help beside the step's form (help-NAME.html of the class or a superclass), as one line of text. */
    private static String help(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try (InputStream in = c.getResourceAsStream(c.getSimpleName() + "/help-" + name + ".html")) {
                if (in != null) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("<[^>]+>", " ")
                            .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").replaceAll("\\s+", " ").strip();
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return "";
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
