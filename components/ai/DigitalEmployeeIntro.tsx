import { JsonLd, absoluteUrl } from '@/components/content/ContentBits';
import { configuredSkills, type EmployeeConfig } from '@/lib/shared/ai/employee-config';
import { skillDetailHref } from '@/lib/shared/ai/skill.contract';
import { PRODUCT_NAME } from '@/lib/shared/brand';
import { getEdition } from '@/lib/shared/vip/editions';
import { AiEntryLink } from './AiEntryLink';
import './digital-employee.css';

export const DIGITAL_EMPLOYEE_PATH = '/digitalEmployee';

/**
 * 数字员工 (spec 2.1, issue 34 item 1): what the AI employee does, its ten skills with requests
 * it understands, and 试一试 for each — a member opens /ai with the request filled in; a visitor
 * signs in first and lands there (the jump flag keeps the request). The same page for everyone,
 * plain HTML apart from the links' small island. Texts, examples and editions come from the
 * configuration document (issue 34 item 3), so they change without a build.
 */
export function DigitalEmployeeIntro({
  config,
  signedIn,
}: {
  config: EmployeeConfig;
  signedIn: boolean;
}) {
  const skills = configuredSkills(config);
  return (
    <main className="ent-page de-page">
      <JsonLd
        data={{
          '@type': 'ItemList',
          name: `${PRODUCT_NAME} AI 数字员工的技能`,
          url: absoluteUrl(DIGITAL_EMPLOYEE_PATH),
          itemListElement: skills.map((s, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: s.name,
            description: s.summary,
          })),
        }}
      />
      <section className="de-hero" aria-labelledby="de-title">
        <h1 id="de-title">AI 数字员工</h1>
        <p className="de-lead">{config.lead}</p>
        <ol className="de-steps" aria-label="使用步骤">
          <li>
            <strong>说需求</strong>
            <span>像对同事说话一样描述客户：地区、行业、规模、成立时间。</span>
          </li>
          <li>
            <strong>看名单</strong>
            <span>AI 员工给出条件和企业，条件可以逐条修改、增删。</span>
          </li>
          <li>
            <strong>去跟进</strong>
            <span>一键加入线索、解锁联系方式、导出或发起加微任务。</span>
          </li>
        </ol>
        <AiEntryLink className="de-cta" style={{}} testId="de-start">
          开始使用 AI 员工
        </AiEntryLink>
      </section>

      <section aria-labelledby="de-skills-title">
        <h2 id="de-skills-title" className="de-h2">
          十项技能
        </h2>
        <ul className="de-skills">
          {skills.map((skill) => (
            <li key={skill.key} className="de-skill" data-testid={`de-skill-${skill.key}`}>
              <div className="de-skill-head">
                <h3>{skill.name}</h3>
                <span className="de-edition">
                  {skill.minEdition === 0
                    ? '所有版本'
                    : `${getEdition(skill.minEdition).name}及以上`}
                </span>
              </div>
              <p>{skill.summary}</p>
              <p className="de-result">
                <span>得到：</span>
                {skill.result}
              </p>
              <p className="de-examples-title">可以这样说：</p>
              <ul className="de-examples">
                {skill.examples.map((example) => (
                  <li key={example}>“{example}”</li>
                ))}
              </ul>
              <AiEntryLink
                ask={skill.examples[0]}
                className="de-try"
                style={{}}
                testId={`de-try-${skill.key}`}
              >
                试一试「{skill.name}」
              </AiEntryLink>
              {signedIn ? (
                <a
                  href={skillDetailHref(skill.key)}
                  className="de-run"
                  data-testid={`de-run-${skill.key}`}
                >
                  运行与每日提醒
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <p className="de-note">演示环境中的企业数据为程序生成，仅供体验。</p>
    </main>
  );
}
