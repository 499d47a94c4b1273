import type { SubmissionResult } from "@conform-to/react";
import type { LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { Dialog } from "~/components/dialog";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import { BioForm, PhotoForm } from "~/components/profile-forms";
import { useSchemaForm, type FormConstraint } from "~/utils/form";
import profileCss from "~/styles/profile.css";
import type { RouteHandle } from "~/utils/route-handle";
import { loadProfileSchemas } from "~/schemas/lazy.client";
import type { action, loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileCss }];

export const handle: RouteHandle = { title: "Edit Profile" };

const HERE = "/profile/edit";

export { action, loader } from "./route.server";

export default function EditProfile() {
  const profile = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const edit = params.get("edit");
  return (
    <>
      <section className="panel stack profile-edit" aria-label="Edit Profile">
        <PhotoForm
          action={HERE}
          next={HERE}
          alertOnSuccess
          avatarUrl={profile.avatarUrl}
          name={profile.displayName}
          submitLabel="Save photo"
          error={actionData?.intent === "photo" ? actionData.error : null}
        />
        <div className="profile-edit__row">
          <div>
            <h2 className="profile-edit__label">Name</h2>
            <p className="profile-edit__value">{profile.displayName}</p>
          </div>
          <Link to="?edit=name" className="button button--small" preventScrollReset>
            Edit name
          </Link>
        </div>
        <div className="profile-edit__row">
          <div>
            <h2 className="profile-edit__label">Bio</h2>
            <p className="profile-edit__value">{profile.bio || <span className="muted">No bio yet.</span>}</p>
          </div>
          <Link to="?edit=bio" className="button button--small" preventScrollReset>
            Edit bio
          </Link>
        </div>
        <Link to={`/${profile.username}`} className="text-link">
          See profile
        </Link>
      </section>

      {edit === "name" ? (
        <Dialog title="Edit name" closeHref={HERE} id="edit-name">
          <NameForm defaults={profile} lastResult={actionData?.intent === "name" ? actionData.reply : undefined} />
        </Dialog>
      ) : null}
      {edit === "bio" ? (
        <Dialog title="Edit bio" closeHref={HERE} id="edit-bio">
          <BioForm action={`${HERE}?edit=bio`} bio={profile.bio} lastResult={actionData?.intent === "bio" ? actionData.reply : undefined}>
            <SubmitButton className="button button--primary" name="intent" value="bio">
              Save
            </SubmitButton>
            <Link to={HERE} className="button" preventScrollReset replace>
              Cancel
            </Link>
          </BioForm>
        </Dialog>
      ) : null}
    </>
  );
}

function NameForm({
  defaults,
  lastResult,
}: {
  defaults: { firstName: string; lastName: string; constraint: FormConstraint };
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps } = useSchemaForm(() => loadProfileSchemas().then((m) => m.nameSchema), {
    lastResult,
    constraint: defaults.constraint,
    defaultValue: { firstName: defaults.firstName, lastName: defaults.lastName },
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" action={`${HERE}?edit=name`} {...formProps} className="stack" preventScrollReset>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.firstName} label="First name" autoComplete="given-name" />
      <Field field={fields.lastName} label="Last name" autoComplete="family-name" hint="Others see its first letter, like “Jordan A.”" />
      <div className="button-row">
        <SubmitButton className="button button--primary" name="intent" value="name">
          Save
        </SubmitButton>
        <Link to={HERE} className="button" preventScrollReset replace>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

