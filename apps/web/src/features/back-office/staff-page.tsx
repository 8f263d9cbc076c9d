import { OPERATOR_ROLES, type CreatedOperatorJson, type OperatorJson, type OperatorRole } from '@store/domain';
import { Button, SelectField, TextField } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminPage, AlertRegion, can, QueryFailure, StatusRegion, TableBox, useFailure, useOperator } from './admin-page';
import { createOperator, operatorsQuery, updateOperator, useOperators } from './api/operators';
import { formatWhen } from './format';

const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: role }));

/** /admin/staff (admin only): the staff accounts, a new one, a role changed, an account disabled. */
export function StaffPage() {
  const operator = useOperator();
  const allowed = can(operator, 'operators.manage');
  const operators = useOperators(allowed);
  const [done, setDone] = useState<string | null>(null);
  return (
    <AdminPage title="Staff" wide>
      {!allowed ? (
        <AlertRegion message="Your role does not allow this action." />
      ) : (
        <>
          <StatusRegion message={done} />
          {operators.isPending && <p>Loading the staff…</p>}
          {operators.isError && <QueryFailure error={operators.error} />}
          {operators.data && (
            <TableBox label="Staff accounts">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Badge</th>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                    <th scope="col">Status</th>
                    <th scope="col">Since</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {operators.data.map((member) => (
                    <StaffRow key={`${member.id}-${member.role}`} member={member} self={member.id === operator.id} onDone={setDone} />
                  ))}
                </tbody>
              </table>
            </TableBox>
          )}
          <NewOperator onDone={setDone} />
        </>
      )}
    </AdminPage>
  );
}

function StaffRow({ member, self, onDone }: { readonly member: OperatorJson; readonly self: boolean; readonly onDone: (message: string | null) => void }) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<OperatorRole>(member.role);
  const [busy, setBusy] = useState(false);
  const failure = useFailure();
  const alert = useRef<HTMLDivElement>(null);
  const change = async (body: { role?: OperatorRole; disabled?: boolean }, message: string) => {
    setBusy(true);
    onDone(null);
    failure.clear();
    try {
      await updateOperator(member.id, body);
      onDone(message);
      await queryClient.invalidateQueries({ queryKey: operatorsQuery().queryKey });
    } catch (error) {
      failure.report(error);
      setRole(member.role);
      alert.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr>
      <th scope="row">
        {member.full_name}
        {self && <span className="admin-tag">You</span>}
      </th>
      <td>{member.badge_number}</td>
      <td>{member.email}</td>
      <td>
        <form
          className="admin-inline-form"
          aria-label={`Change the role of ${member.full_name}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (role !== member.role) void change({ role }, `${member.full_name} is now ${role}.`);
          }}
        >
          <SelectField label={`Role of ${member.full_name}`} options={ROLE_OPTIONS} value={role} disabled={member.disabled} onChange={(event) => setRole(event.target.value as OperatorRole)} />
          <Button type="submit" variant="secondary" busy={busy} disabled={member.disabled || role === member.role}>
            Change role
          </Button>
        </form>
        <AlertRegion ref={alert} message={failure.message} />
      </td>
      <td>{member.disabled ? 'Disabled' : 'Active'}</td>
      <td>{formatWhen(member.created_at)}</td>
      <td>
        {member.disabled ? (
          <Button type="button" variant="secondary" busy={busy} onClick={() => void change({ disabled: false }, `${member.full_name} can sign in again.`)}>
            Enable<span className="visually-hidden"> {member.full_name}</span>
          </Button>
        ) : (
          <Button type="button" variant="secondary" busy={busy} onClick={() => void change({ disabled: true }, `${member.full_name} can no longer sign in.`)}>
            Disable<span className="visually-hidden"> {member.full_name}</span>
          </Button>
        )}
      </td>
    </tr>
  );
}

interface NewOperatorValues {
  email: string;
  first_name: string;
  last_name: string;
  role: OperatorRole;
}

/** A new staff account; its one-time password and authenticator secret are shown here once, and never again. */
function NewOperator({ onDone }: { readonly onDone: (message: string | null) => void }) {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedOperatorJson | null>(null);
  const failure = useFailure();
  const alert = useRef<HTMLDivElement>(null);
  const secretHeading = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<NewOperatorValues>({ defaultValues: { email: '', first_name: '', last_name: '', role: 'support' } });
  const { errors } = formState;
  useEffect(() => {
    if (created) secretHeading.current?.focus();
  }, [created]);

  const onValid = async (values: NewOperatorValues) => {
    failure.clear();
    onDone(null);
    try {
      const answer = await createOperator({ email: values.email.trim(), first_name: values.first_name.trim(), last_name: values.last_name.trim(), role: values.role });
      setCreated(answer);
      reset();
      await queryClient.invalidateQueries({ queryKey: operatorsQuery().queryKey });
    } catch (error) {
      const fields = (error as { fields?: Record<string, readonly string[]> }).fields;
      const named = fields && (['email', 'first_name', 'last_name', 'role'] as const).find((field) => fields[field]?.length);
      if (named && fields) setError(named, { message: fields[named][0] }, { shouldFocus: true });
      else {
        failure.report(error);
        alert.current?.focus();
      }
    }
  };

  const required = (label: string) => (value: string) => (value.trim() ? true : `Enter the ${label}.`);
  return (
    <section aria-labelledby="new-operator" className="admin-section">
      <h2 id="new-operator">New staff account</h2>
      {created && (
        <div className="admin-secret" role="group" aria-labelledby="new-operator-secret">
          <h3 id="new-operator-secret" ref={secretHeading} tabIndex={-1}>
            {created.operator.full_name}'s sign-in details: shown only now
          </h3>
          <p>Give these to {created.operator.first_name} in person or through the password manager. They must change the password when they first sign in.</p>
          <dl className="admin-facts">
            <div>
              <dt>Email</dt>
              <dd>{created.operator.email}</dd>
            </div>
            <div>
              <dt>One-time password</dt>
              <dd>
                <code data-testid="new-operator-password">{created.password}</code>
              </dd>
            </div>
            <div>
              <dt>Authenticator secret</dt>
              <dd>
                <code data-testid="new-operator-secret">{created.totp_secret}</code>
              </dd>
            </div>
            <div>
              <dt>Authenticator address</dt>
              <dd>
                <code>{created.totp_uri}</code>
              </dd>
            </div>
          </dl>
          <Button type="button" variant="secondary" onClick={() => setCreated(null)}>
            I have noted them: hide
          </Button>
        </div>
      )}
      <AlertRegion ref={alert} message={failure.message} />
      <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate className="stack" aria-labelledby="new-operator">
        <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email', { validate: required('email') })} />
        <TextField label="First name" autoComplete="off" error={errors.first_name?.message} {...register('first_name', { validate: required('first name') })} />
        <TextField label="Last name" autoComplete="off" error={errors.last_name?.message} {...register('last_name', { validate: required('last name') })} />
        <SelectField label="Role" options={ROLE_OPTIONS} error={errors.role?.message} {...register('role')} />
        <Button type="submit" busy={formState.isSubmitting}>
          Create account
        </Button>
      </form>
    </section>
  );
}
